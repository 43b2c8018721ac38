import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Order } from '@studio/shared';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useVoidOrder } from '../../lib/orders/orders-queries';

/** Asks before DELETE /api/orders/{id}: a void cannot be undone (the stock returns, the sale leaves every total). */
export function VoidInvoiceModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const voidOrder = useVoidOrder();

  async function confirm() {
    if (!order) return;
    try {
      await voidOrder.mutateAsync(order.id);
      notify.success(`Invoice ${order.invoice_no} is now void.`);
      onClose();
    } catch {
      // reported by the API client; the dialog stays open to retry or cancel
    }
  }

  return (
    <Modal opened={order !== null} onClose={onClose} title="Void invoice" centered data-testid="void-confirm">
      {order && (
        <Stack>
          <Text>
            Void invoice <b>{order.invoice_no}</b> of {order.customer_name} ({formatMoney(order.total)})?
          </Text>
          <Text size="sm" c="dimmed">
            The items go back into stock and the sale leaves every total. This cannot be undone.
          </Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose} disabled={voidOrder.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={voidOrder.isPending} data-testid="confirm-void">
              Void invoice
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
