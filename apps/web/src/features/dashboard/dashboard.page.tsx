import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconScissors, IconSparkles } from '@tabler/icons-react';
import { OUTLET_LABELS, OUTLETS, type Outlet } from '@studio/shared';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/auth-store';
import { studio } from '../../lib/config';
import { PageHeader } from '../../lib/ui/page-header';

const OUTLET_ICONS: Record<Outlet, typeof IconBuildingStore> = { store: IconBuildingStore, office: IconSparkles, salon: IconScissors };

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/** /dashboard/main: a welcome card until the figures (GET /api/dashboard) are built. */
export function DashboardPage({ title }: { title: string }) {
  const user = useCurrentUser();
  return (
    <div data-testid="dashboard">
      <PageHeader title={title} />
      <Stack gap="lg">
        <Card withBorder radius="md" p="xl" style={{ background: 'linear-gradient(120deg, var(--mantine-color-gold-1), var(--mantine-color-blush-1))' }}>
          <Title order={3} c="dark.7">
            {greeting(new Date().getHours())}, {user?.name ?? 'there'}
          </Title>
          <Text mt={6} c="dark.5">
            Welcome to the {studio.name} back office. Sales, stock, students and bookings figures will appear here.
          </Text>
        </Card>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {OUTLETS.map((outlet) => {
            const Icon = OUTLET_ICONS[outlet];
            return (
              <Card key={outlet} withBorder radius="md" component={Link} to={`/dashboard/point-of-sales/${outlet}`}>
                <Group>
                  <ThemeIcon size={44} radius="md" variant="light" color={outlet === 'office' ? 'blush' : 'gold'}>
                    <Icon size={24} />
                  </ThemeIcon>
                  <div>
                    <Text fw={600}>{OUTLET_LABELS[outlet]}</Text>
                    <Text size="sm" c="dimmed">
                      Open the till
                    </Text>
                  </div>
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>
    </div>
  );
}
