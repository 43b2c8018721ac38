import { ActionIcon, Alert, Button, Chip, Divider, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { OUTLET_LABELS, PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type Order, type Outlet, type PaymentMethod } from '@studio/shared';
import { IconAlertTriangle, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { type Cart, type PaymentLine, cartTotals, checkPayments } from './cart';

const WALK_IN = 'Walk-in customer';
const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

/** The body of POST /api/orders for this cart (contract §5); prices are the server's, so none are sent. */
export function orderBody(outlet: Outlet, cart: Cart, payments: readonly PaymentLine[]) {
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
  };
}

type Failure = { kind: 'network'; message: string } | { kind: 'refused'; message: string; details: string[] };

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
export function CheckoutModal({ opened, outlet, cart, onClose, onSold, onRefused }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  const { total } = cartTotals(cart);
  const [payments, setPayments] = useState<PaymentLine[]>([{ method: 'cash', amount: total, reference: '' }]);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const check = checkPayments(total, payments);

  useEffect(() => {
    if (opened) {
      setPayments([{ method: 'cash', amount: total, reference: '' }]);
      setFailure(null);
    }
    // a fresh set of payments each time the modal opens, for the total it opens with
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const setLine = (i: number, patch: Partial<PaymentLine>) => setPayments((ps) => ps.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const payAllBy = (method: PaymentMethod) => setPayments([{ method, amount: total, reference: '' }]);
  const addLine = () => setPayments((ps) => [...ps, { method: 'transfer', amount: checkPayments(total, ps).remaining || '', reference: '' }]);

  async function confirm() {
    if (check.problem || sending) return;
    setSending(true);
    setFailure(null);
    try {
      const order = await api.post<Order>('/api/orders', orderBody(outlet, cart, payments), { quiet: true });
      onSold(order);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setFailure({ kind: 'refused', message: error.message, details: Object.values(error.fieldErrors).flat() });
        onRefused();
      } else if (error instanceof ApiError && error.status === 401) {
        setFailure({ kind: 'network', message: 'You are signed out. Sign in again, then press Retry: the sale will not be charged twice.' });
      } else {
        setFailure({
          kind: 'network',
          message: 'The sale did not get an answer from the server (connection lost?). Press Retry: the same sale is sent again and can never be charged twice.',
        });
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal opened={opened} onClose={sending ? () => {} : onClose} title={`Charge · ${OUTLET_LABELS[outlet]}`} size="lg" fullScreen={phone} centered data-testid="checkout-modal">
      <Stack>
        <Group justify="space-between" align="baseline">
          <Text c="dimmed">{cart.customerName.trim() || WALK_IN}</Text>
          <Text fw={800} fz={28} data-testid="checkout-total">
            {formatMoney(total)}
          </Text>
        </Group>
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
              <NumberInput
                style={{ flex: 1 }}
                label={i === 0 ? 'Amount' : undefined}
                aria-label="Amount"
                prefix="₦"
                thousandSeparator=","
                decimalScale={2}
                min={0}
                allowNegative={false}
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
        {check.problem && payments.some((p) => p.amount !== '') && (
          <Text size="sm" c="orange.8" data-testid="checkout-problem">
            {check.problem}
          </Text>
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
          <Button variant="default" onClick={onClose} disabled={sending}>
            Back to cart
          </Button>
          <Button
            size="md"
            onClick={confirm}
            loading={sending}
            disabled={check.problem !== null}
            leftSection={failure?.kind === 'network' ? <IconRefresh size={18} /> : undefined}
            data-testid="checkout-confirm"
          >
            {failure?.kind === 'network' ? 'Retry sale' : 'Confirm sale'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
