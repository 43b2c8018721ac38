import { Button, Drawer, Group, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { OUTLETS, type Order, type Outlet } from '@studio/shared';
import { IconReceipt2, IconShoppingCart } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { ReceiptModal } from '../../lib/receipt/receipt-modal';
import { PageHeader } from '../../lib/ui/page-header';
import { useStudioSettings } from '../../lib/settings-queries';
import { cartTotals, newClientRef } from './cart';
import { CartPanel } from './cart-panel';
import { CheckoutModal } from './checkout.modal';
import { ClosedDayBanner } from './closed-day-banner';
import { DayCloseModal } from './day-close.modal';
import { ProductPicker } from './product-picker';
import { useCart } from './use-cart';
import { useTillProducts } from './use-till-products';
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
  const searchRef = useRef<HTMLInputElement>(null);
  // other tills sell the same stock: the list follows every sale and restock within a few seconds
  const products = useTillProducts(outlet);
  // read while the cart fills: the checkout knows the staff discount limit the moment it opens
  useStudioSettings();
  const totals = cartTotals(cart);
  const inCart = useMemo(() => new Map(cart.lines.map((l) => [l.product.id, l.quantity])), [cart.lines]);

  // a barcode scanner types wherever the cursor is: the till opens with it in the search (not on a phone: no keyboard pop-up)
  useEffect(() => {
    if (!window.matchMedia('(max-width: 36em)').matches) searchRef.current?.focus();
  }, []);

  useEffect(() => {
    if (products.items) dispatch({ type: 'refreshStock', products: products.items });
  }, [products.items, dispatch]);

  const charge = () => {
    if (cart.lines.length === 0) return;
    dispatch({ type: 'startCheckout', clientRef: newClientRef() });
    setCartOpen(false);
    setCheckoutOpen(true);
  };

  // '/' only outside text fields (it may be typed in a note); the function keys work from anywhere on the till
  useHotkeys([['/', () => searchRef.current?.focus()]]);
  useHotkeys(
    [
      ['F2', () => searchRef.current?.focus()],
      ['F9', () => !checkoutOpen && charge()],
      ['mod+Enter', () => !checkoutOpen && charge()],
    ],
    [],
  );

  function sold(order: Order) {
    setCheckoutOpen(false);
    dispatch({ type: 'clear' });
    setReceipt(order);
    notify.success(`Sale ${order.invoice_no} recorded: ${formatMoney(order.total)}.`);
    void products.refresh();
    void queryClient.invalidateQueries({ queryKey: ['products'] });
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  }

  const panel = <CartPanel cart={cart} dispatch={dispatch} onCharge={charge} />;

  return (
    <div className={classes.page} data-testid="pos-page" data-outlet={outlet}>
      <PageHeader
        title={title}
        actions={
          <Button variant="light" leftSection={<IconReceipt2 size={18} />} onClick={() => setDayCloseOpen(true)} data-testid="day-close-button">
            Day close
          </Button>
        }
      />
      <ClosedDayBanner outlet={outlet} />
      <div className={classes.layout}>
        <ProductPicker
          outlet={outlet}
          products={products.items}
          loading={products.isPending}
          inCart={inCart}
          inputRef={searchRef}
          onAdd={(product) => {
            dispatch({ type: 'add', product });
            searchRef.current?.focus();
          }}
        />
        <div className={classes.cartColumn}>{panel}</div>
      </div>

      <div className={classes.bottomBar}>
        <Group justify="space-between" wrap="nowrap" w="100%">
          <Button variant="default" size="md" leftSection={<IconShoppingCart size={18} />} onClick={() => setCartOpen(true)} data-testid="pos-open-cart">
            Cart ({totals.itemCount})
          </Button>
          <Button size="md" disabled={cart.lines.length === 0} onClick={charge} data-testid="pos-charge-mobile">
            Charge {formatMoney(totals.total)}
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
      <DayCloseModal outlet={outlet} opened={dayCloseOpen} onClose={() => setDayCloseOpen(false)} />
    </div>
  );
}
