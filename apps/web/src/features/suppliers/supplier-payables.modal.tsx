import { Alert, Button, Group, Loader, Modal, NumberInput, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { MONEY_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod, type Supplier, type SupplierPayables, suppliers, supplierPaymentSchema, route } from '@studio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconCash } from '@tabler/icons-react';
import { useSchemaForm } from '../../crud/use-schema-form';
import { api, moneyPost, segment } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';

const payablesKey = (id: number) => ['suppliers', 'payables', id] as const;
const formSchema = supplierPaymentSchema.omit({ client_ref: true });
const LABELS = { amount: 'Amount', method: 'Paid by' } as const;

/**
 * What the studio owes a supplier for restocks recorded as owed, line by line, and a payment against it (issue 28,
 * item 7): POST /api/suppliers/{id}/payments, an expense "Stock purchases" in Income & Expenses.
 */
export function SupplierPayablesModal({ supplier, onClose }: { supplier: Supplier | null; onClose: () => void }) {
  return (
    <Modal opened={supplier !== null} onClose={onClose} title={supplier ? `Owed to ${supplier.name}` : 'Owed'} size="lg" centered data-testid="supplier-payables">
      {supplier && <Payables supplier={supplier} />}
    </Modal>
  );
}

function Payables({ supplier }: { supplier: Supplier }) {
  const payables = useQuery({ queryKey: payablesKey(supplier.id), queryFn: ({ signal }) => api.get(route('/api/suppliers/{id}/payables', { id: supplier.id }), undefined, signal) });
  if (!payables.data) return payables.isError ? <Alert color="red">What is owed could not be loaded.</Alert> : <Loader size="sm" />;
  const p = payables.data;
  return (
    <Stack gap="sm">
      <Text fw={700} data-testid="supplier-owed">
        Owed: {formatMoney(p.owed)}
      </Text>
      {p.lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing bought on credit yet: a restock with a unit cost, marked "Owed to supplier", shows here.
        </Text>
      ) : (
        <Table fz="sm" data-testid="supplier-payable-lines">
          <Table.Tbody>
            {p.lines.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{formatDate(l.date)}</Table.Td>
                <Table.Td>{l.amount > 0 ? (l.note ?? 'Bought on credit') : `Paid${l.method ? ` (${PAYMENT_METHOD_LABELS[l.method as PaymentMethod] ?? l.method})` : ''}${l.note ? `: ${l.note}` : ''}`}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(l.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {p.owed > 0 && <PayForm key={p.owed} supplier={supplier} owed={p.owed} />}
    </Stack>
  );
}

function PayForm({ supplier, owed }: { supplier: Supplier; owed: number }) {
  const client = useQueryClient();
  const pay = useMutation({
    mutationFn: (body: Record<string, unknown>) => moneyPost<{ data: SupplierPayables }>(`${suppliers.path}/${segment(supplier.id)}/payments`, body, { quiet: true }).then((r) => r.data),
    onSuccess: (data) => {
      client.setQueryData(payablesKey(supplier.id), data);
      return client.invalidateQueries();
    },
  });
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: formSchema,
    initialValues: { amount: owed as number | '', method: 'transfer' as PaymentMethod },
    toBody: (v) => ({ amount: v.amount === '' ? undefined : v.amount, method: v.method }),
    submit: (body) => pay.mutateAsync(body),
    successMessage: (d) => (d.owed > 0 ? `Paid ${supplier.name}: ${formatMoney(d.owed)} still owed.` : `Paid ${supplier.name}: nothing owed now.`),
    labels: LABELS,
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="supplier-pay-form">
      <Stack gap="xs">
        {formError && <Alert color="red">{formError}</Alert>}
        <SegmentedControl fullWidth {...form.getInputProps('method')} data={MONEY_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))} aria-label={LABELS.method} />
        <Group align="flex-end" grow>
          <NumberInput label={LABELS.amount} min={0.01} max={owed} decimalScale={2} thousandSeparator="," prefix="₦" {...form.getInputProps('amount')} data-field="amount" />
          <Button type="submit" loading={saving} leftSection={<IconCash size={16} />} data-testid="supplier-pay-submit">
            Pay supplier
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
