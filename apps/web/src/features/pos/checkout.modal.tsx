import { ActionIcon, Alert, Button, Chip, Divider, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  OUTLET_LABELS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  type DiscountApproval,
  type Order,
  type Outlet,
  type PaymentMethod,
  discountAboveLimit,
  appointmentCheckoutSchema,
  discountApprovalMessage,
  orderCreateSchema,
} from '@studio/shared';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconPlus, IconRefresh, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useSchemaForm } from '../../crud/use-schema-form';
import { ApiError, api } from '../../lib/api-client';
import { isAdmin, useCurrentUser } from '../../lib/auth-store';
import { settingsKeys, useStudioSettings } from '../../lib/settings-queries';
import { formatMoney } from '../../lib/format';
import { MoneyInput } from '../../lib/ui/money-input';
import { type Cart, type PaymentLine, cartTotals, checkPayments } from './cart';

const WALK_IN = 'Walk-in customer';
const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

/** The body of POST /api/orders for this cart (contract §5); prices are the server's, so none are sent. */
export function orderBody(outlet: Outlet, cart: Cart, payments: readonly PaymentLine[], approval?: DiscountApproval) {
  return {
    outlet,
    customer_name: cart.customerName.trim() || WALK_IN,
    customer_phone: cart.customerPhone.trim() || null,
    items: cart.lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity })),
    discount: cartTotals(cart).discount,
    payments: payments
      .filter((p) => p.amount !== '' && Number(p.amount) > 0)
      .map((p) => ({ method: p.method, amount: Number(p.amount), reference: p.method === 'cash' ? null : p.reference.trim() || null })),
    note: cart.note.trim() || null,
    client_ref: cart.clientRef ?? undefined,
    // only when the discount needs it (a staff member above the limit): an admin's sign-in on the spot
    discount_approval: approval,
  };
}

/**
 * The body of `POST /api/appointments/{id}/checkout`: the payments cover what the deposit leaves (nothing, when it
 * covered it all); the server sells the appointment's service to its client, once.
 */
export function appointmentCheckoutBody(cart: Cart, payments: readonly PaymentLine[]) {
  const lines = payments
    .filter((p) => p.amount !== '' && Number(p.amount) > 0)
    .map((p) => ({ method: p.method, amount: Number(p.amount), reference: p.method === 'cash' ? null : p.reference.trim() || null }));
  return {
    ...(lines.length ? { payments: lines } : { payment_method: 'cash' as const, amount_paid: 0 }),
    customer_name: cart.customerName.trim() || undefined,
    note: cart.note.trim() || null,
  };
}

type Failure = { kind: 'network'; message: string } | { kind: 'refused'; message: string; details: string[] };

const APPROVAL_LABELS = { 'discount_approval.username': 'Admin username', 'discount_approval.password': 'Admin password' } as const;
const APPROVAL_KEYS = ['discount_approval', ...Object.keys(APPROVAL_LABELS)];

/**
 * How the till reads a failed sale: refused by the server (nothing sold), or not answered (Retry is safe).
 * A refusal of the admin's approval alone is shown on the approval's fields, not again above the buttons.
 */
function failureOf(error: unknown): Failure | null {
  if (!error) return null;
  if (error instanceof ApiError && error.status === 422) {
    const keys = Object.keys(error.fieldErrors);
    if (keys.length > 0 && keys.every((k) => APPROVAL_KEYS.includes(k))) return null;
    return { kind: 'refused', message: error.message, details: Object.values(error.fieldErrors).flat() };
  }
  if (error instanceof ApiError && error.status === 401) {
    return { kind: 'network', message: 'You are signed out. Sign in again, then press Retry: the sale will not be charged twice.' };
  }
  return {
    kind: 'network',
    message: 'The sale did not get an answer from the server (connection lost?). Press Retry: the same sale is sent again and can never be charged twice.',
  };
}

interface Props {
  opened: boolean;
  outlet: Outlet;
  cart: Cart;
  onClose: () => void;
  onSold: (order: Order) => void;
  /** The server refused the sale (stock changed): the till reloads what it can sell. */
  onRefused: () => void;
}

/**
 * Payment and confirmation: one or more payment lines (cash, bank transfer with its reference, card, POS
 * terminal; two transfers on one sale are fine), amount paid and change, then Confirm. The cart's
 * client_ref goes with every try, so Retry after a lost answer never sells twice.
 */
export function CheckoutModal({ opened, outlet, onClose, ...props }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  // while a sale is on its way the modal stays open: its answer must be seen
  const [sending, setSending] = useState(false);
  return (
    <Modal opened={opened} onClose={sending ? () => {} : onClose} title={`Charge · ${OUTLET_LABELS[outlet]}`} size="lg" fullScreen={phone} centered data-testid="checkout-modal">
      {/* a fresh set of payments each time it opens, for the total it opens with */}
      {opened && <CheckoutForm outlet={outlet} onClose={onClose} onSending={setSending} {...props} />}
    </Modal>
  );
}

function CheckoutForm({ outlet, cart, onClose, onSold, onRefused, onSending }: Omit<Props, 'opened'> & { onSending: (sending: boolean) => void }) {
  // an appointment's deposit was paid before: the payments cover the rest
  const { subtotal, discount, due: total, deposit } = cartTotals(cart);
  const admin = isAdmin(useCurrentUser());
  const queryClient = useQueryClient();
  const limit = useStudioSettings().settings.max_staff_discount_percent;
  // a staff member's discount above the limit: an admin signs in here before the sale can be completed
  const needsApproval = !admin && discount > 0 && discountAboveLimit(discount, subtotal, limit);
  const { form, onSubmit, saving, formError, error } = useSchemaForm({
    // an appointment's check-out is checked by its own schema (the sale's lines are the server's)
    schema: (cart.appointment ? appointmentCheckoutSchema : orderCreateSchema) as typeof orderCreateSchema,
    initialValues: { payments: [{ method: 'cash', amount: total, reference: '' }] as PaymentLine[], discount_approval: { username: '', password: '' } as DiscountApproval },
    // built from the cart at each try: the same client_ref until the server confirms (cart.ts)
    toBody: ({ payments, discount_approval }) => (cart.appointment ? appointmentCheckoutBody(cart, payments) : orderBody(outlet, cart, payments, needsApproval ? discount_approval : undefined)),
    // only the approval has inputs that show their sentences; whatever else the schema or the server says goes above the buttons
    inputs: () => (needsApproval ? APPROVAL_KEYS : []),
    labels: APPROVAL_LABELS,
    submit: async (body) => {
      onSending(true);
      try {
        // an appointment's check-out is safe to send again: the server answers the sale it already made
        if (cart.appointment) return await api.post<Order>(`/api/appointments/${cart.appointment.id}/checkout`, body, { quiet: true });
        return await api.post<Order>('/api/orders', body, { quiet: true });
      } finally {
        onSending(false);
      }
    },
    onSuccess: onSold,
    onError: (e) => {
      if (!(e instanceof ApiError) || e.status !== 422) return;
      // the limit may have changed since the till read it: read it again, so the approval shows if now needed
      if (e.fieldErrors.discount) void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
      if (!Object.keys(e.fieldErrors).every((k) => APPROVAL_KEYS.includes(k))) onRefused();
    },
  });
  const payments = form.values.payments;
  const check = checkPayments(total, payments);
  const failure = failureOf(error);

  const setPayments = (next: (payments: PaymentLine[]) => PaymentLine[]) => form.setFieldValue('payments', next);
  const setLine = (i: number, patch: Partial<PaymentLine>) => setPayments((ps) => ps.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const payAllBy = (method: PaymentMethod) => setPayments(() => [{ method, amount: total, reference: '' }]);
  const addLine = () => setPayments((ps) => [...ps, { method: 'transfer', amount: checkPayments(total, ps).remaining || '', reference: '' }]);

  // a button, not a form: Enter in an amount never charges the sale
  function confirm() {
    if (check.problem) return;
    onSubmit();
  }

  return (
    <Stack>
      <Group justify="space-between" align="baseline">
        <Text c="dimmed">{cart.customerName.trim() || WALK_IN}</Text>
        <Text fw={800} fz={28} data-testid="checkout-total">
          {formatMoney(total)}
        </Text>
      </Group>
      {deposit > 0 && (
        <Text size="sm" c="dimmed" data-testid="checkout-deposit">
          The deposit of {formatMoney(deposit)} is counted: {formatMoney(total)} is left to pay.
        </Text>
      )}
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Pay all by
        </Text>
        {PAYMENT_METHODS.map((m) => (
          <Chip key={m} checked={payments.length === 1 && payments[0]!.method === m} onChange={() => payAllBy(m)} data-testid={`pay-all-${m}`}>
            {PAYMENT_METHOD_LABELS[m]}
          </Chip>
        ))}
      </Group>
      {payments.map((p, i) => (
        <SimpleGrid key={i} cols={{ base: 1, xs: 3 }} spacing="xs" data-testid="payment-line">
          <Select
            label={i === 0 ? 'Method' : undefined}
            aria-label="Payment method"
            data={METHOD_OPTIONS}
            value={p.method}
            allowDeselect={false}
            onChange={(v) => v && setLine(i, { method: v as PaymentMethod })}
            comboboxProps={{ withinPortal: true }}
            data-testid="payment-method"
          />
          <Group gap={4} wrap="nowrap" align="flex-end">
            <MoneyInput
              style={{ flex: 1 }}
              label={i === 0 ? 'Amount' : undefined}
              aria-label="Amount"
              value={p.amount}
              onChange={(v) => setLine(i, { amount: typeof v === 'number' ? v : '' })}
              data-testid="payment-amount"
            />
            {payments.length > 1 && (
              <ActionIcon variant="subtle" color="red" size="lg" mb={2} aria-label="Remove payment" onClick={() => setPayments((ps) => ps.filter((_, j) => j !== i))}>
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
          <TextInput
            label={i === 0 ? 'Reference' : undefined}
            aria-label="Reference"
            placeholder={p.method === 'cash' ? 'Not needed for cash' : p.method === 'transfer' ? 'Bank / sender / ref' : 'Terminal ref'}
            disabled={p.method === 'cash'}
            value={p.method === 'cash' ? '' : p.reference}
            onChange={(e) => setLine(i, { reference: e.currentTarget.value })}
            maxLength={100}
            data-testid="payment-reference"
          />
        </SimpleGrid>
      ))}
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addLine} disabled={payments.length >= 10} w="fit-content" data-testid="payment-add">
        Split: add a payment
      </Button>
      <Divider />
      <SimpleGrid cols={3}>
        <div>
          <Text size="xs" c="dimmed">
            Paid
          </Text>
          <Text fw={700} data-testid="checkout-paid">
            {formatMoney(check.paid)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Still to pay
          </Text>
          <Text fw={700} c={check.remaining > 0 ? 'red' : undefined} data-testid="checkout-remaining">
            {formatMoney(check.remaining)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Change
          </Text>
          <Text fw={800} c={check.change > 0 ? 'teal' : undefined} data-testid="checkout-change">
            {formatMoney(check.change)}
          </Text>
        </div>
      </SimpleGrid>
      {needsApproval && (
        <Stack gap="xs" p="sm" style={{ border: '1px solid var(--mantine-color-orange-outline)', borderRadius: 'var(--mantine-radius-md)' }} role="group" aria-labelledby="admin-approval-title" data-testid="admin-approval">
          <Group gap={6}>
            <IconShieldLock size={18} aria-hidden />
            <Text fw={700} id="admin-approval-title">
              Admin approval
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {discountApprovalMessage(limit)} An admin signs in here to approve this discount of {formatMoney(discount)}.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <TextInput
              label={APPROVAL_LABELS['discount_approval.username']}
              autoComplete="off"
              {...form.getInputProps('discount_approval.username')}
              data-testid="approval-username"
            />
            <PasswordInput
              label={APPROVAL_LABELS['discount_approval.password']}
              autoComplete="off"
              {...form.getInputProps('discount_approval.password')}
              // the server's refusal of the sign-in as a whole (wrong password, not an admin) shows here
              error={form.errors['discount_approval.password'] ?? form.errors['discount_approval']}
              data-testid="approval-password"
            />
          </SimpleGrid>
        </Stack>
      )}
      {check.problem && payments.some((p) => p.amount !== '') && (
        <Text size="sm" c="orange.8" data-testid="checkout-problem">
          {check.problem}
        </Text>
      )}
      {!failure && formError && (
        // the shared schema refused the body before it was sent: nothing was charged
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The sale cannot be sent" data-testid="checkout-invalid">
          {formError}
        </Alert>
      )}
      {failure?.kind === 'network' && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Not confirmed yet" data-testid="checkout-network-error">
          {failure.message}
        </Alert>
      )}
      {failure?.kind === 'refused' && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The sale was refused" data-testid="checkout-refused">
          {failure.message}
          {failure.details.length > 1 && (
            <ul style={{ margin: '6px 0 0', paddingLeft: 18 }}>
              {failure.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <Group grow>
        <Button variant="default" onClick={onClose} disabled={saving}>
          Back to cart
        </Button>
        <Button
          size="md"
          onClick={confirm}
          loading={saving}
          disabled={check.problem !== null}
          leftSection={failure?.kind === 'network' ? <IconRefresh size={18} /> : undefined}
          data-testid="checkout-confirm"
        >
          {failure?.kind === 'network' ? 'Retry sale' : 'Confirm sale'}
        </Button>
      </Group>
    </Stack>
  );
}
