import { ActionIcon, Button, Divider, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMinus, IconPlus, IconShoppingCartOff, IconTrash } from '@tabler/icons-react';
import type { Dispatch, ReactNode } from 'react';
import { formatMoney } from '../../lib/format';
import { MoneyInput } from '../../lib/ui/money-input';
import { type Cart, type CartAction, available, cartTotals } from './cart';
import { ArtistSelect } from './artist-select';
import { CustomerFields } from './customer-fields';
import classes from './pos.module.css';

/** The sale being built: lines with quantities, discount, customer, totals and the Charge button. */
export function CartPanel({ cart, dispatch, onCharge, customer }: { cart: Cart; dispatch: Dispatch<CartAction>; onCharge: () => void; customer?: ReactNode }) {
  const totals = cartTotals(cart);
  const empty = cart.lines.length === 0;
  // an appointment's check-out: its service alone, at its price, no discount
  const fixed = cart.appointment !== null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="pos-cart">
      <Group justify="space-between" mb="xs">
        <Title order={4}>Current sale</Title>
        {!empty && (
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => dispatch({ type: 'clear' })} data-testid="cart-clear">
            {fixed ? 'Cancel check-out' : 'Clear'}
          </Button>
        )}
      </Group>
      {cart.appointment && (
        <Text size="sm" c="dimmed" mb="xs" data-testid="cart-appointment">
          Checking out the appointment: {cart.appointment.label}
        </Text>
      )}
      {empty && (
        <Stack align="center" gap={4} py="lg" c="dimmed">
          <IconShoppingCartOff size={32} />
          <Text size="sm">Add products or services to start a sale.</Text>
        </Stack>
      )}
      {cart.lines.map((line) => {
        const max = available(line.product);
        return (
          <div key={line.product.id} className={classes.cartLine} data-testid="cart-line">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} style={{ flex: 1, minWidth: 0 }} truncate="end">
                {line.product.name}
              </Text>
              <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="cart-line-total">
                {formatMoney((Math.round(line.product.price * 100) * line.quantity) / 100)}
              </Text>
            </Group>
            <Group justify="space-between" wrap="nowrap" mt={4}>
              <Text size="xs" c="dimmed">
                {formatMoney(line.product.price)} each{Number.isFinite(max) ? ` · ${max} in stock` : ''}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="default" size="lg" disabled={fixed} aria-label={`One less ${line.product.name}`} onClick={() => dispatch({ type: 'setQuantity', productId: line.product.id, quantity: line.quantity - 1 })}>
                  <IconMinus size={16} />
                </ActionIcon>
                <NumberInput
                  w={64}
                  size="sm"
                  hideControls
                  min={1}
                  max={Number.isFinite(max) ? max : undefined}
                  allowDecimal={false}
                  allowNegative={false}
                  disabled={fixed}
                  value={line.quantity}
                  onChange={(v) => typeof v === 'number' && dispatch({ type: 'setQuantity', productId: line.product.id, quantity: v })}
                  aria-label={`Quantity of ${line.product.name}`}
                  styles={{ input: { textAlign: 'center' } }}
                  data-testid="cart-line-quantity"
                />
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`One more ${line.product.name}`}
                  disabled={fixed || line.quantity >= max}
                  onClick={() => dispatch({ type: 'setQuantity', productId: line.product.id, quantity: line.quantity + 1 })}
                >
                  <IconPlus size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" size="lg" disabled={fixed} aria-label={`Remove ${line.product.name}`} onClick={() => dispatch({ type: 'remove', productId: line.product.id })}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
            {line.product.kind === 'service' && !fixed && (
              <ArtistSelect value={line.staffId} label={line.product.name} onChange={(staffId) => dispatch({ type: 'setArtist', productId: line.product.id, staffId })} />
            )}
          </div>
        );
      })}
      <Stack gap="xs" mt="sm">
        <CustomerFields cart={cart} dispatch={dispatch} />
        {customer}
        <Group grow gap="xs" align="flex-start">
          <MoneyInput
            label="Discount"
            max={totals.subtotal}
            value={cart.discount || ''}
            onChange={(v) => dispatch({ type: 'setDiscount', discount: typeof v === 'number' ? v : 0 })}
            disabled={empty || fixed}
            data-testid="cart-discount"
          />
          <TextInput label="Note" placeholder="Optional" value={cart.note} onChange={(e) => dispatch({ type: 'setCustomer', note: e.currentTarget.value })} maxLength={500} />
        </Group>
        <Divider my={4} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Subtotal ({totals.itemCount} {totals.itemCount === 1 ? 'item' : 'items'})
          </Text>
          <Text size="sm">{formatMoney(totals.subtotal)}</Text>
        </Group>
        {totals.discount > 0 && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Discount
            </Text>
            <Text size="sm">-{formatMoney(totals.discount)}</Text>
          </Group>
        )}
        <Group justify="space-between">
          <Text fw={700} size="lg">
            Total
          </Text>
          <Text fw={800} size="xl" data-testid="cart-total">
            {formatMoney(totals.total)}
          </Text>
        </Group>
        {totals.deposit > 0 && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Deposit paid
            </Text>
            <Text size="sm" data-testid="cart-deposit">
              -{formatMoney(totals.deposit)}
            </Text>
          </Group>
        )}
        <Button size="lg" fullWidth disabled={empty} onClick={onCharge} data-testid="cart-charge">
          Charge {formatMoney(totals.due)}
        </Button>
      </Stack>
    </Paper>
  );
}
