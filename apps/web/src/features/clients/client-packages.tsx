import { Badge, Button, Card, Group, Modal, SegmentedControl, Select, Stack, Table, Text, Title } from '@mantine/core';
import { MONEY_METHODS, PAYMENT_METHOD_LABELS, route, servicePackages, type ClientPackage, type ClientPackageStatus } from '@studio/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, moneyPost, segment } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { resourceCalls } from '../../lib/resource-calls';

// A client's packages of sessions (issue 31, item 4; decision 040): sessions and value left, expiry, and selling one.

const STATUS_COLORS: Record<ClientPackageStatus, string> = { active: 'green', used: 'gray', expired: 'red' };

/** What a package's row says of it: "2 of 3 sessions left", and whether it can still be used today. */
export function packageSummary(p: Pick<ClientPackage, 'sessions' | 'sessions_left' | 'status' | 'expires_on'>): { sessions: string; usable: boolean; label: string } {
  const sessions = `${p.sessions_left} of ${p.sessions} session${p.sessions === 1 ? '' : 's'} left`;
  if (p.status === 'used') return { sessions, usable: false, label: 'Used' };
  if (p.status === 'expired') return { sessions, usable: false, label: `Expired ${formatDate(p.expires_on)}` };
  return { sessions, usable: true, label: `Until ${formatDate(p.expires_on)}` };
}

function SellPackageModal({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const offered = useQuery({
    queryKey: ['service-packages', 'list', { active: true }],
    queryFn: ({ signal }) => resourceCalls.list(servicePackages, { page: 1, per_page: 100 }, signal),
  });
  const [packageId, setPackageId] = useState<string | null>(null);
  const [method, setMethod] = useState<string>('cash');
  const [saving, setSaving] = useState(false);
  const options = (offered.data?.data ?? []).filter((p) => p.active).map((p) => ({ value: String(p.id), label: `${p.name} · ${p.sessions} sessions · ${formatMoney(p.price)}` }));
  async function sell() {
    if (!packageId) return;
    setSaving(true);
    try {
      await moneyPost(`/api/clients/${segment(clientId)}/packages`, { service_package_id: Number(packageId), payment_method: method });
      await queryClient.invalidateQueries({ queryKey: ['clients', clientId, 'packages'] });
      notify.success('Package sold.');
      onClose();
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal opened onClose={onClose} title="Sell a package">
      <Stack>
        <Select label="Package" data={options} value={packageId} onChange={setPackageId} searchable required data-testid="sell-package-select" />
        <SegmentedControl fullWidth value={method} onChange={setMethod} data={MONEY_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))} aria-label="Paid by" />
        <Group justify="flex-end">
          <Button onClick={sell} loading={saving} disabled={!packageId} data-testid="sell-package-submit">
            Sell
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The client's packages: each with its sessions left, value left and expiry; "Sell a package" for a client in use. */
export function ClientPackages({ clientId, canSell }: { clientId: number; canSell: boolean }) {
  const packages = useQuery({ queryKey: ['clients', clientId, 'packages'], queryFn: ({ signal }) => api.get(route('/api/clients/{id}/packages', { id: clientId }), undefined, signal) });
  const [selling, setSelling] = useState(false);
  const list = packages.data ?? [];
  if (!canSell && list.length === 0) return null;
  return (
    <Card withBorder radius="md" data-testid="client-packages">
      <Group justify="space-between" mb="xs">
        <Title order={4}>Packages</Title>
        {canSell && (
          <Button size="xs" variant="light" onClick={() => setSelling(true)} data-testid="sell-package">
            Sell a package
          </Button>
        )}
      </Group>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No packages.
        </Text>
      ) : (
        <Table fz="sm">
          <Table.Tbody>
            {list.map((p) => {
              const s = packageSummary(p);
              return (
                <Table.Tr key={p.id} data-testid="client-package">
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{s.sessions}</Table.Td>
                  <Table.Td ta="right">{formatMoney(p.value_left)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[p.status]} variant="light">
                      {s.label}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {selling && <SellPackageModal clientId={clientId} onClose={() => setSelling(false)} />}
    </Card>
  );
}
