import { Alert, Badge, Button, Group, Modal, NumberInput, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { MONEY_METHODS, PAYMENT_METHOD_LABELS, formatVoucherCode, giftVoucherCreateSchema, type GiftVoucher, type GiftVoucherStatus, type PaymentMethod, formatPhone } from '@studio/shared';
import { IconGift, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type TableColumn, dataTableIds } from '../../crud/data-table';
import { useSchemaForm } from '../../crud/use-schema-form';
import { formatMoney } from '../../lib/format';
import { PrintArea } from '../../lib/receipt/receipt';
import { PageHeader } from '../../lib/ui/page-header';
import { StatCard } from '../../lib/ui/stat-card';
import { useLiability, useSellVoucher, useVouchers } from './prepaid.queries';
import { VoucherCard } from './voucher-card';

// Gift vouchers (issue 31, item 2): the list with balances, a sell form, and a printable card with a QR code.

const STATUS: Record<GiftVoucherStatus, { label: string; color: string }> = { active: { label: 'Active', color: 'teal' }, used: { label: 'Used', color: 'gray' }, expired: { label: 'Expired', color: 'red' } };
const COLUMNS: TableColumn<GiftVoucher>[] = [
  { key: 'code', label: 'Code', render: (v) => <span style={{ fontFamily: 'monospace' }}>{formatVoucherCode(v.code)}</span> },
  { key: 'face_value', label: 'Value', kind: 'money' },
  { key: 'balance', label: 'Balance', kind: 'money' },
  { key: 'status', label: 'Status', render: (v) => <Badge variant="light" color={STATUS[v.status].color}>{STATUS[v.status].label}</Badge> },
  { key: 'expires_on', label: 'Expires', kind: 'date' },
  { key: 'recipient_name', label: 'For', priority: 2, render: (v) => v.recipient_name ?? '—' },
  { key: 'buyer_name', label: 'Bought by', priority: 2, render: (v) => v.buyer_name ?? (formatPhone(v.buyer_phone) || '—') },
  { key: 'sold_on', label: 'Sold', kind: 'date', priority: 3 },
];
const formSchema = giftVoucherCreateSchema.omit({ client_ref: true });
const LABELS = { face_value: 'Value', expires_on: 'Expires on', buyer_name: "Buyer's name", buyer_phone: "Buyer's phone", recipient_name: 'For (recipient)', payment_method: 'Paid by', reference: 'Reference' } as const;

export function GiftVouchersPage() {
  const vouchers = useVouchers();
  const liability = useLiability();
  const [selling, setSelling] = useState(false);
  const [printing, setPrinting] = useState<GiftVoucher | null>(null);
  return (
    <>
      <PageHeader
        title="Gift vouchers"
        actions={
          <Button leftSection={<IconGift size={16} />} onClick={() => setSelling(true)} data-testid="voucher-sell-open">
            Sell a voucher
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
        <StatCard label="Vouchers owed" value={liability.data ? formatMoney(liability.data.vouchers.balance) : '—'} hint={liability.data ? `${liability.data.vouchers.count} with value left` : undefined} loading={liability.isLoading} testId="liability-vouchers" />
        <StatCard label="Store credit owed" value={liability.data ? formatMoney(liability.data.credit.balance) : '—'} hint={liability.data ? `${liability.data.credit.clients} clients` : undefined} loading={liability.isLoading} testId="liability-credit" />
        <StatCard label="Owed in service" value={liability.data ? formatMoney(liability.data.total) : '—'} loading={liability.isLoading} testId="liability-total" />
      </SimpleGrid>
      <DataTable
        columns={COLUMNS}
        rows={vouchers.data ?? []}
        loading={vouchers.isLoading}
        failed={vouchers.isError}
        onRetry={() => void vouchers.refetch()}
        emptyText="No gift vouchers sold yet."
        rowKey={(v) => v.id}
        actions={(v) => (
          <Button size="xs" variant="light" leftSection={<IconPrinter size={14} />} onClick={() => setPrinting(v)} data-testid={`voucher-print-${v.id}`}>
            Card
          </Button>
        )}
        ids={dataTableIds('gift-vouchers')}
      />
      <Modal opened={selling} onClose={() => setSelling(false)} title="Sell a gift voucher" centered>
        {selling && (
          <SellForm
            onSold={(v) => {
              setSelling(false);
              setPrinting(v);
            }}
          />
        )}
      </Modal>
      <Modal opened={printing !== null} onClose={() => setPrinting(null)} title="Voucher card" centered>
        {printing && (
          <Stack>
            <VoucherCard voucher={printing} />
            <Group justify="flex-end">
              <Button variant="default" component="a" href={`https://wa.me/?text=${encodeURIComponent(`A gift voucher of ${formatMoney(printing.face_value)} for you: code ${formatVoucherCode(printing.code)}${printing.expires_on ? `, valid until ${printing.expires_on}` : ''}.`)}`} target="_blank" rel="noreferrer">
                Send by WhatsApp
              </Button>
              <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} data-testid="voucher-print">
                Print
              </Button>
            </Group>
            <PrintArea format="80mm">
              <VoucherCard voucher={printing} />
            </PrintArea>
          </Stack>
        )}
      </Modal>
    </>
  );
}

function SellForm({ onSold }: { onSold: (voucher: GiftVoucher) => void }) {
  const sell = useSellVoucher();
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: formSchema,
    initialValues: { face_value: '' as number | '', expires_on: '', buyer_name: '', buyer_phone: '', recipient_name: '', payment_method: 'cash' as PaymentMethod, reference: '' },
    toBody: (v) => ({
      face_value: v.face_value === '' ? undefined : v.face_value,
      expires_on: v.expires_on || null,
      buyer_name: v.buyer_name,
      buyer_phone: v.buyer_phone.trim() ? v.buyer_phone : null,
      recipient_name: v.recipient_name,
      payment_method: v.payment_method,
      reference: v.reference,
    }),
    submit: (body) => sell.mutateAsync(body),
    successMessage: (v) => `Voucher ${formatVoucherCode(v.code)} sold: ${formatMoney(v.face_value)}.`,
    onSuccess: onSold,
    labels: LABELS,
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="voucher-sell-form">
      <Stack gap="xs">
        {formError && <Alert color="red">{formError}</Alert>}
        <NumberInput label={LABELS.face_value} min={1} decimalScale={2} thousandSeparator="," prefix="₦" {...form.getInputProps('face_value')} data-field="face_value" />
        <TextInput type="date" label={LABELS.expires_on} {...form.getInputProps('expires_on')} data-field="expires_on" />
        <TextInput label={LABELS.recipient_name} {...form.getInputProps('recipient_name')} data-field="recipient_name" />
        <Group grow>
          <TextInput label={LABELS.buyer_name} {...form.getInputProps('buyer_name')} data-field="buyer_name" />
          <TextInput label={LABELS.buyer_phone} {...form.getInputProps('buyer_phone')} data-field="buyer_phone" />
        </Group>
        <SegmentedControl fullWidth {...form.getInputProps('payment_method')} data={MONEY_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))} aria-label={LABELS.payment_method} />
        <TextInput label={LABELS.reference} {...form.getInputProps('reference')} data-field="reference" />
        <Button type="submit" loading={saving} data-testid="voucher-sell-submit">
          Sell voucher
        </Button>
      </Stack>
    </form>
  );
}
