import { Alert, Anchor, Button, Drawer, Group, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { OUTLETS, OUTLET_LABELS, type Order, type Outlet } from '@studio/shared';
import { IconCloudOff, IconReceipt2, IconRepeat, IconShoppingCart } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { fetchLastPurchase, useAppointment, useClientByPhone } from '../../lib/clients-queries';
import { showTime } from '../../lib/studio-time';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { ReceiptModal } from '../../lib/receipt/receipt-modal';
import { startBackgroundSync } from '../../lib/offline/background-sync';
import { useOutbox } from '../../lib/offline/use-outbox';
import { isAdmin, useCurrentUser } from '../../lib/auth-store';
import { PageHeader } from '../../lib/ui/page-header';
import { useStudioSettings } from '../../lib/settings-queries';
import { randomUuid } from '../../lib/uuid';
import { type Cart, type CartAction, type CartLine, cartTotals } from './cart';
import { CartPanel } from './cart-panel';
import { CheckoutModal } from './checkout.modal';
import { ClosedDayBanner } from './closed-day-banner';
import { DayCloseModal } from './day-close.modal';
import { localStock, pricesAsOfLabel, pricesStale } from './offline-till';
import { ProvisionalReceiptModal } from './provisional-receipt.modal';
import { ProductPicker } from './product-picker';
import { TillWarmUp } from './till-warm-up';
import { useCart } from './use-cart';
import { type TillData, tillKey, useTillProducts } from './use-till-products';
import classes from './pos.module.css';

/** `/dashboard/point-of-sales/{outlet}`: the outlet is the last path segment. */
export function outletFromPath(pathname: string): Outlet {
  const last = pathname.split('/').filter(Boolean).pop();
  return (OUTLETS as readonly string[]).includes(last ?? '') ? (last as Outlet) : 'store';
}


/** Point of Sales (Makeup | PMU | Salon): one till per outlet; each outlet keeps its own cart. */
export function PosPage({ title }: { title: string }) {
  const outlet = outletFromPath(useLocation().pathname);
  return <Till key={outlet} outlet={outlet} title={title} />;
}

function Till({ outlet, title }: { outlet: Outlet; title: string }) {
  const queryClient = useQueryClient();
  const [cart, dispatch] = useCart(outlet);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const [dayCloseOpen, setDayCloseOpen] = useState(false);
  const [receipt, setReceipt] = useState<Order | null>(null);
  const [provisional, setProvisional] = useState<Order | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // other tills sell the same stock: the list follows every sale and restock within a few seconds
  const tillProducts = useTillProducts(outlet);
  // the sales still on this device took their goods: local stock = the list's less theirs, shown "≈" (issue 18)
  // a moment behind: a sale's receipt is drawn first, the list (and its search index) follows the outbox when the
  // browser is next idle, not in the receipt's frames
  const outbox = useOutbox({ idle: true });
  const local = useMemo(() => (tillProducts.items ? localStock(tillProducts.items, outbox ?? [], outlet) : null), [tillProducts.items, outbox, outlet]);
  const products = { ...tillProducts, items: local?.items as TillData['data'] | undefined };
  const approximate = tillProducts.offline !== null || (local?.adjusted ?? false);
  // read while the cart fills: the checkout knows the staff discount limit the moment it opens
  const { settings } = useStudioSettings();
  const admin = isAdmin(useCurrentUser());
  const stale = tillProducts.offline !== null && pricesStale(tillProducts.offline.prices_as_of, settings.offline_stale_hours);
  const totals = cartTotals(cart);
  const inCart = useMemo(() => new Map(cart.lines.map((l) => [l.product.id, l.quantity])), [cart.lines]);

  // a barcode scanner types wherever the cursor is: the till opens with it in the search (not on a phone: no keyboard pop-up)
  useEffect(() => {
    if (!window.matchMedia('(max-width: 36em)').matches) searchRef.current?.focus();
  }, []);

  // a till sends its waiting sales from the start (other pages start the drainer once they have been drawn)
  useEffect(() => {
    void startBackgroundSync().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (products.items) dispatch({ type: 'refreshStock', products: products.items });
  }, [products.items, dispatch]);

  const empty = cart.lines.length === 0;
  const charge = useCallback(() => {
    if (empty) return;
    dispatch({ type: 'startCheckout', clientRef: randomUuid() });
    setCartOpen(false);
    setCheckoutOpen(true);
  }, [empty, dispatch]);
  const addToCart = useCallback(
    (product: TillProduct) => {
      dispatch({ type: 'add', product });
      searchRef.current?.focus();
    },
    [dispatch],
  );

  // '/' only outside text fields (it may be typed in a note); the function keys work from anywhere on the till
  useHotkeys([['/', () => searchRef.current?.focus()]]);
  useHotkeys(
    [
      ['F2', () => searchRef.current?.focus()],
      // not under a provisional receipt: its cart empties just after it is drawn (sold())
      ['F9', () => !checkoutOpen && !provisional && charge()],
      ['mod+Enter', () => !checkoutOpen && !provisional && charge()],
    ],
    [],
  );

  function sold(order: Order, offline: boolean) {
    setCheckoutOpen(false);
    if (offline) {
      setProvisional(order);
      // the receipt first: the cart behind it (and the list's "in cart" figures) empties in the render after it
      startTransition(() => dispatch({ type: 'clear' }));
      return;
    }
    dispatch({ type: 'clear' });
    setReceipt(order);
    notify.success(`Sale ${order.invoice_no} recorded: ${formatMoney(order.total)}.`);
    void products.refresh();
    void queryClient.invalidateQueries({ queryKey: ['products'] });
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  }

  useAppointmentCheckout(outlet, products.items, dispatch);
  // the parts a sale's receipt does not change are the same elements from render to render (React skips them): the
  // receipt's render is the dialogs', not the whole till's
  const panel = useMemo(
    () => <CartPanel cart={cart} dispatch={dispatch} onCharge={charge} customer={<TillClient outlet={outlet} cart={cart} dispatch={dispatch} products={products.items} />} />,
    [cart, dispatch, charge, outlet, products.items],
  );
  // the same element while the sale's aftermath redraws the till (the cart emptying, the outbox's new sale): the receipt
  // on screen is not drawn again for them
  const provisionalReceipt = useMemo(
    () => <ProvisionalReceiptModal order={provisional} onClose={() => setProvisional(null)} onClosed={() => searchRef.current?.focus()} />,
    [provisional],
  );
  const header = useMemo(
    () => (
      <PageHeader
        title={title}
        actions={
          <Button variant="light" leftSection={<IconReceipt2 size={18} />} onClick={() => setDayCloseOpen(true)} data-testid="day-close-button">
            Day close
          </Button>
        }
      />
    ),
    [title],
  );

  return (
    <div className={classes.page} data-testid="pos-page" data-outlet={outlet}>
      {header}
      {tillProducts.noCopy && (
        <Alert color="orange" variant="light" icon={<IconCloudOff size={18} />} mb="sm" title={`This device has no copy of the ${OUTLET_LABELS[outlet]} till's list`} data-testid="till-no-copy">
          <Text size="sm">
            The server cannot be reached, and this till was never downloaded on this device, so there is nothing here to sell from. Every till's list is
            downloaded when someone signs in while online: sell from a device that has been online since, or wait for the connection. This page loads the
            list by itself as soon as the server answers.
          </Text>
        </Alert>
      )}
      {tillProducts.offline ? (
        <Alert color={stale ? 'red' : 'orange'} variant="light" icon={<IconCloudOff size={18} />} py="xs" mb="sm" data-testid="till-offline" data-stale={stale || undefined}>
          <Text size="sm">
            <b>Offline</b> · <span data-testid="till-prices-as-of">{pricesAsOfLabel(tillProducts.offline.prices_as_of)}</span> · stock shown ≈ (this till's
            waiting sales taken off).{' '}
            {stale && (admin ? `These prices are more than ${settings.offline_stale_hours} hours old: check them before selling.` : `These prices are more than ${settings.offline_stale_hours} hours old: only an admin may sell offline now.`)}
          </Text>
        </Alert>
      ) : (
        !tillProducts.noCopy && <ClosedDayBanner outlet={outlet} />
      )}
      <div className={classes.layout}>
        {!tillProducts.noCopy && <ProductPicker
          outlet={outlet}
          products={products.items}
          loading={products.isPending}
          inCart={inCart}
          approximate={approximate}
          inputRef={searchRef}
          onAdd={addToCart}
        />}
        <div className={classes.cartColumn}>{panel}</div>
      </div>

      <div className={classes.bottomBar}>
        <Group justify="space-between" wrap="nowrap" w="100%">
          <Button variant="default" size="md" leftSection={<IconShoppingCart size={18} />} onClick={() => setCartOpen(true)} data-testid="pos-open-cart">
            Cart ({totals.itemCount})
          </Button>
          <Button size="md" disabled={empty} onClick={charge} data-testid="pos-charge-mobile">
            Charge {formatMoney(totals.due)}
          </Button>
        </Group>
      </div>
      <Drawer opened={cartOpen} onClose={() => setCartOpen(false)} position="bottom" size="90%" title={<Text fw={700}>Cart</Text>} data-testid="pos-cart-drawer">
        {panel}
      </Drawer>

      <CheckoutModal
        opened={checkoutOpen}
        outlet={outlet}
        cart={cart}
        onClose={() => setCheckoutOpen(false)}
        onSold={sold}
        offline={tillProducts.offline}
        onOffline={() => {
          // the next poll finds it too; marked now so the next sale goes straight to the device
          queryClient.setQueryData<TillData>(tillKey(outlet), (list) => (list && !list.offline ? { ...list, offline: { prices_as_of: new Date().toISOString() } } : list));
        }}
        onRefused={() => {
          void products.refresh();
          // a sale refused because another till closed the day: the banner says so at once
          void queryClient.invalidateQueries({ queryKey: ['orders', 'day-close', outlet] });
        }}
      />
      <ReceiptModal
        order={receipt}
        opened={receipt !== null}
        onClose={() => setReceipt(null)}
        // after the dialog has given its focus back (to the gone checkout button): the next scan goes to the search
        onClosed={() => searchRef.current?.focus()}
        title={receipt ? `Sale complete · ${receipt.invoice_no}` : undefined}
        extraActions={
          <Button variant="default" onClick={() => setReceipt(null)} data-testid="receipt-new-sale">
            New sale
          </Button>
        }
      />
      {provisionalReceipt}
      <DayCloseModal outlet={outlet} opened={dayCloseOpen} onClose={() => setDayCloseOpen(false)} />
      <TillWarmUp />
    </div>
  );
}

type TillProduct = CartLine['product'];

/**
 * `?appointment=12` (the book's "Check out"): the cart becomes that done appointment's service, to its client,
 * with its deposit counted; the address then drops the parameter, so a reload keeps the cart and asks nothing again.
 */
function useAppointmentCheckout(outlet: Outlet, items: readonly TillProduct[] | undefined, dispatch: (a: CartAction) => void) {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('appointment'));
  const appointment = useAppointment(Number.isInteger(asked) && asked > 0 ? asked : null);
  const a = appointment.data;
  useEffect(() => {
    if (!a || !items) return;
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        out.delete('appointment');
        return out;
      },
      { replace: true },
    );
    if (a.order_id !== null) return void notify.warning(`${a.client_name}'s appointment was already checked out.`);
    if (a.status !== 'done') return void notify.warning(`Mark ${a.client_name}'s appointment done before checking it out.`);
    if (a.outlet !== outlet) return void notify.warning(`That appointment is checked out at the ${a.outlet} till.`);
    const product = items.find((p) => p.id === a.service_id) ?? { id: a.service_id, name: a.service_name, sku: null, kind: 'service' as const, price: a.price, quantity: null };
    dispatch({
      type: 'checkOutAppointment',
      appointment: { id: a.id, deposit: a.amount_paid, label: `${a.service_name} with ${a.artist_name}, ${showTime(a.starts_at)}` },
      product,
      name: a.client_name,
      phone: a.client_phone ?? '',
    });
  }, [a, items, outlet, dispatch, setParams]);
}

/** Under the cart's phone: the client it finds (their page a click away), their name filled in, and "Repeat last purchase". */
function TillClient({ outlet, cart, dispatch, products }: { outlet: Outlet; cart: Cart; dispatch: (a: CartAction) => void; products: readonly TillProduct[] | undefined }) {
  const { client } = useClientByPhone(cart.customerPhone);
  const [repeating, setRepeating] = useState(false);
  // a known client's name fills an empty name field (typing one of their own is never overwritten)
  useEffect(() => {
    if (client && !cart.customerName.trim() && !client.erased_at) dispatch({ type: 'setCustomer', name: client.name });
  }, [client, cart.customerName, dispatch]);
  if (!client) return null;
  async function repeat() {
    if (!client) return;
    setRepeating(true);
    try {
      const last = await fetchLastPurchase(client.id, outlet);
      if (!last) return void notify.warning(`${client.name} has bought nothing at this till yet.`);
      const byId = new Map((products ?? []).map((p) => [p.id, p]));
      const missing: string[] = [];
      for (const item of last.items) {
        const product = byId.get(item.product_id);
        if (product) dispatch({ type: 'add', product, quantity: item.quantity });
        else missing.push(item.name);
      }
      if (missing.length) notify.warning(`Not on sale now: ${missing.join(', ')}.`);
      else notify.success(`${client.name}'s last purchase (${last.invoice_no}) is in the cart.`);
    } catch {
      // the API client showed why
    } finally {
      setRepeating(false);
    }
  }
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid="till-client">
      <Text size="sm">
        Client:{' '}
        <Anchor component={Link} to={`/clients/${client.id}`} fw={600} data-testid="till-client-link">
          {client.name}
        </Anchor>
      </Text>
      {!cart.appointment && (
        <Button size="compact-sm" variant="light" leftSection={<IconRepeat size={14} />} loading={repeating} onClick={() => void repeat()} data-testid="till-repeat">
          Repeat last purchase
        </Button>
      )}
    </Group>
  );
}
