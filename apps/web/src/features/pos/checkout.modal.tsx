import { route } from '@studio/shared';
import { ActionIcon, Alert, Button, Chip, Divider, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  OUTLET_LABELS,
  methodLabel,
  methodOptions,
  methodsFor,
  paymentMethodDef,
  takesReference,
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
import { IconAlertTriangle, IconCloudOff, IconPlus, IconRefresh, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useSchemaForm } from '../../crud/use-schema-form';
import { ApiError, api, lostAnswer, serverReachable } from '../../lib/api-client';
import { isAdmin, useCurrentUser } from '../../lib/auth-store';
import { drainOutbox } from '../../lib/offline/drainer';
import { type OutboxEntry, enqueueSale } from '../../lib/offline/outbox';
import { rememberCustomer } from '../../lib/offline/recent-customers';
import { studioDate } from '../../lib/studio-time';
import { settingsKeys, useStudioSettings } from '../../lib/settings-queries';
import { formatMoney } from '../../lib/format';
import { MoneyInput } from '../../lib/ui/money-input';
import { type Cart, type PaymentLine, cartTotals, checkPayments } from './cart';
import { offlineProblem, provisionalOrder } from './offline-till';

const WALK_IN = 'Walk-in customer';
const METHOD_OPTIONS = methodOptions('till');
const TILL_METHODS = methodsFor('till');

/** The body of POST /api/orders for this cart (contract §5); prices are the server's, so none are sent. */
export function orderBody(outlet: Outlet, cart: Cart, payments: readonly PaymentLine[], approval?: DiscountApproval) {
  return {
    outlet,
    customer_name: cart.customerName.trim() || WALK_IN,
    customer_phone: cart.customerPhone.trim() || null,
    items: cart.lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity, ...(l.staffId !== undefined ? { staff_id: l.staffId } : {}) })),
    discount: cartTotals(cart).discount,
    payments: payments
      .filter((p) => p.amount !== '' && Number(p.amount) > 0)
      .map((p) => ({ method: p.method, amount: Number(p.amount), reference: takesReference(p.method) ? p.reference.trim() || null : null })),
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
    .map((p) => ({ method: p.method, amount: Number(p.amount), reference: takesReference(p.method) ? p.reference.trim() || null : null }));
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
  /** The sale is recorded (`provisional` false), or queued on this device with its provisional receipt (true). */
  onSold: (order: Order, provisional: boolean) => void;
  /** The server refused the sale (stock changed): the till reloads what it can sell. */
  onRefused: () => void;
  /** The till sells from the copy on the device (issue 18): the sale goes to the outbox. null: online. */
  offline: { prices_as_of: string } | null;
  /** A sale got no answer: the till goes offline (and this sale to the outbox, if it may). */
  onOffline: () => void;
}

/** How long a sale waits for the server before the till keeps it on the device (the same client_ref: never twice). */
const SALE_TIMEOUT_MS = 10_000;

type Sold = { order: Order; provisional: boolean };

/**
 * Payment and confirmation: one or more payment lines (cash, bank transfer with its reference, card, POS
 * terminal; two transfers on one sale are fine), amount paid and change, then Confirm. The cart's
 * client_ref goes with every try, so Retry after a lost answer never sells twice.
 */
export function CheckoutModal({ opened, outlet, onClose, onSold, ...props }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  // while a sale is on its way the modal stays open: its answer must be seen
  const [sending, setSending] = useState(false);
  // a sale's receipt takes the checkout's place in the same frame: it goes at once, not fading out behind the receipt
  // (each frame of a fade is painted again while the receipt is drawn); Back to cart and Escape still fade it out
  const [replaced, setReplaced] = useState(false);
  if (opened && replaced) setReplaced(false);
  // drawn in the task that ends the sale (the write's completion), not in one React would schedule after it: under load
  // a task more is a wait more for the thread
  const sold = (order: Order, provisional: boolean) =>
    flushSync(() => {
      setReplaced(true);
      onSold(order, provisional);
    });
  return (
    <Modal
      opened={opened}
      onClose={sending ? () => {} : onClose}
      title={`Charge · ${OUTLET_LABELS[outlet]}`}
      size="lg"
      fullScreen={phone}
      centered
      transitionProps={replaced ? INSTANT_EXIT : undefined}
      data-testid="checkout-modal"
    >
      {/* a fresh set of payments each time it opens, for the total it opens with */}
      {opened && <CheckoutForm outlet={outlet} onClose={onClose} onSending={setSending} onSold={sold} {...props} />}
    </Modal>
  );
}

// the scroll lock's own delay follows `duration` (kept): the receipt's lock takes over before this one is let go
const INSTANT_EXIT = { transition: 'fade-down', duration: 200, exitDuration: 0 } as const;

function CheckoutForm({ outlet, cart, onClose, onSold, onRefused, onSending, offline, onOffline }: Omit<Props, 'opened'> & { onSending: (sending: boolean) => void }) {
  // an appointment's deposit was paid before: the payments cover the rest
  const { subtotal, discount, due: total, deposit } = cartTotals(cart);
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const queryClient = useQueryClient();
  const { settings } = useStudioSettings();
  const limit = settings.max_staff_discount_percent;
  // a staff member's discount above the limit: an admin signs in here before the sale can be completed
  const aboveLimit = discount > 0 && discountAboveLimit(discount, subtotal, limit);
  const needsApproval = !admin && aboveLimit && !offline;
  const offlineCheck = (payments: readonly PaymentLine[], pricesAsOf: string) =>
    offlineProblem({ user, pricesAsOf, staleHours: settings.offline_stale_hours, discountAboveLimit: aboveLimit, discountLimit: limit, payments, appointment: cart.appointment !== null });

  /** The sale on this device: in the outbox under its client_ref, with the prices the till showed; the drainer sends it. */
  async function queue(body: ReturnType<typeof orderBody>, pricesAsOf: string): Promise<Sold> {
    const shown = new Map(cart.lines.map((l) => [l.product.id, l.product.price]));
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- an approval's password never goes to the device's storage
    const { discount_approval, ...sale } = body;
    const money = checkPayments(total, form.values.payments);
    const receipt = (entry: OutboxEntry) => provisionalOrder(entry, cart, { id: user!.id, name: user!.name }, { subtotal, discount, total, paid: money.paid, change: money.change });
    // the receipt is kept with the sale (a reprint from the waiting list), written in the same transaction
    const entry = await enqueueSale({ ...sale, client_ref: body.client_ref!, items: body.items.map((i) => ({ ...i, unit_price: shown.get(i.product_id) })) }, { soldOn: studioDate(), soldBy: user!.id, pricesAsOf, receipt });
    const order = entry.receipt ?? receipt(entry);
    // sent at once if the server may answer; known offline, the drainer's own clock (and the server's return) sends it,
    // and nothing competes with drawing the receipt
    if (serverReachable.get() !== false) window.setTimeout(() => void drainOutbox(), 0);
    return { order, provisional: true };
  }

  const { form, onSubmit, saving, formError, error } = useSchemaForm({
    // an appointment's check-out is checked by its own schema (the sale's lines are the server's)
    schema: (cart.appointment ? appointmentCheckoutSchema : orderCreateSchema) as typeof orderCreateSchema,
    initialValues: { payments: [{ method: 'cash', amount: total, reference: '' }] as PaymentLine[], discount_approval: { username: '', password: '' } as DiscountApproval },
    // built from the cart at each try: the same client_ref until the server confirms (cart.ts)
    toBody: ({ payments, discount_approval }) => (cart.appointment ? appointmentCheckoutBody(cart, payments) : orderBody(outlet, cart, payments, needsApproval ? discount_approval : undefined)),
    // only the approval has inputs that show their sentences; whatever else the schema or the server says goes above the buttons
    inputs: () => (needsApproval ? APPROVAL_KEYS : []),
    labels: APPROVAL_LABELS,
    // offline, the sale is a write on the device that is done within a frame or two: the form is not redrawn busy first
    showSaving: () => !(offline && !cart.appointment),
    submit: async (body): Promise<Sold> => {
      const sale = body as ReturnType<typeof orderBody>;
      if (offline && !cart.appointment) return await queue(sale, offline.prices_as_of);
      onSending(true);
      try {
        // an appointment's check-out is safe to send again: the server answers the sale it already made
        if (cart.appointment) return { order: await api.post(route('/api/appointments/{id}/checkout', { id: cart.appointment.id }), body, { quiet: true }), provisional: false };
        const patience = AbortSignal.timeout(SALE_TIMEOUT_MS);
        try {
          return { order: await api.post('/api/orders', body, { quiet: true, signal: patience }), provisional: false };
        } catch (e) {
          // a browser without IndexedDB cannot keep it: Retry (the same client_ref) is all there is
          if ((!lostAnswer(e) && !patience.aborted) || typeof indexedDB === 'undefined') throw e;
          // no answer: the till goes offline; this sale (same client_ref: the server may have it, never twice) waits on the device
          onOffline();
          const now = new Date().toISOString();
          if (offlineCheck(form.values.payments, now)) throw e instanceof ApiError ? e : new ApiError(0, 'The server did not answer in time.');
          return await queue(sale, now);
        }
      } finally {
        onSending(false);
      }
    },
    onSuccess: (sold) => {
      rememberCustomer(sold.order.customer_phone ? sold.order.customer_name : null, sold.order.customer_phone);
      onSold(sold.order, sold.provisional);
    },
    onError: (e) => {
      if (!(e instanceof ApiError) || e.status !== 422) return;
      // the limit may have changed since the till read it: read it again, so the approval shows if now needed
      if (e.fieldErrors.discount) void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
      if (!Object.keys(e.fieldErrors).every((k) => APPROVAL_KEYS.includes(k))) onRefused();
    },
  });
  const payments = form.values.payments;
  const check = checkPayments(total, payments);
  // offline: what the sale may not carry (old prices for staff, a discount above the limit, a card without its reference)
  const offlineStop = offline ? offlineCheck(payments, offline.prices_as_of) : null;
  const failure = failureOf(error);

  const setPayments = (next: (payments: PaymentLine[]) => PaymentLine[]) => form.setFieldValue('payments', next);
  const setLine = (i: number, patch: Partial<PaymentLine>) => setPayments((ps) => ps.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const payAllBy = (method: PaymentMethod) => setPayments(() => [{ method, amount: total, reference: '' }]);
  const addLine = () => setPayments((ps) => [...ps, { method: 'transfer', amount: checkPayments(total, ps).remaining || '', reference: '' }]);

  // a button, not a form: Enter in an amount never charges the sale
  function confirm() {
    if (check.problem || offlineStop) return;
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
      {offline && (
        <Alert color="orange" variant="light" icon={<IconCloudOff size={18} />} title="Offline sale" data-testid="checkout-offline">
          The server cannot be reached: this sale is kept on this till with a provisional receipt and sent as soon as the
          server answers. Card and POS payments need the terminal's reference; transfers stay unconfirmed until checked.
        </Alert>
      )}
      {deposit > 0 && (
        <Text size="sm" c="dimmed" data-testid="checkout-deposit">
          The deposit of {formatMoney(deposit)} is counted: {formatMoney(total)} is left to pay.
        </Text>
      )}
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Pay all by
        </Text>
        {TILL_METHODS.map((m) => (
          <Chip key={m} checked={payments.length === 1 && payments[0]!.method === m} onChange={() => payAllBy(m)} data-testid={`pay-all-${m}`}>
            {methodLabel(m)}
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
            placeholder={paymentMethodDef(p.method)?.referenceHint}
            disabled={!takesReference(p.method)}
            value={takesReference(p.method) ? p.reference : ''}
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
      {offlineStop && (
        <Text size="sm" c="orange.8" data-testid="checkout-offline-problem">
          {offlineStop}
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
          disabled={check.problem !== null || offlineStop !== null}
          leftSection={failure?.kind === 'network' ? <IconRefresh size={18} /> : undefined}
          data-testid="checkout-confirm"
        >
          {failure?.kind === 'network' ? 'Retry sale' : offline ? 'Confirm sale offline' : 'Confirm sale'}
        </Button>
      </Group>
    </Stack>
  );
}
