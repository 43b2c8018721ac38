import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import type { CertificateVerification } from '@studio/shared';
import { apiRequest, segment } from '../../lib/api-client';
import { studio } from '../../lib/config';
import { formatDate } from '../../lib/format';

/**
 * `/verify/{serial}?code=...` (no sign-in): what the certificate's QR code opens. It shows only what the public call
 * answers (GET /api/certificates/{serial}?code=): valid with the name, program and date, or not valid.
 */
export function VerifyCertificatePage() {
  const { serial = '' } = useParams();
  const [search] = useSearchParams();
  const code = search.get('code') ?? '';
  const check = useQuery({
    queryKey: ['certificate-check', serial, code],
    queryFn: ({ signal }) => apiRequest<{ data: CertificateVerification }>(`/api/certificates/${segment(serial)}`, { query: { code }, signal, quiet: true }).then((r) => r.data),
    retry: false,
  });
  const v = check.data;
  return (
    <Center mih="100dvh" p="md" data-testid="verify-page">
      <Paper withBorder p="xl" radius="md" maw={460} w="100%">
        <Stack gap="sm" ta="center">
          <Text fw={700} tt="uppercase" c="dimmed" size="sm">
            {studio.name}
          </Text>
          <Title order={2}>Certificate check</Title>
          <Text size="sm" c="dimmed">
            Serial {serial}
          </Text>
          {check.isPending && <Loader mx="auto" />}
          {check.isError && <Alert color="orange">The check could not be made just now. Please try again in a minute.</Alert>}
          {v?.valid === true && (
            <Alert color="teal" title="Valid certificate" data-testid="verify-valid">
              <Text fw={700} size="lg">
                {v.name}
              </Text>
              <Text>{v.program}</Text>
              <Text size="sm">Issued {formatDate(v.issued_on)}</Text>
            </Alert>
          )}
          {v?.valid === false && (
            <Alert color="red" title="Not valid" data-testid="verify-invalid">
              This serial and code do not match a certificate in force.
            </Alert>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
