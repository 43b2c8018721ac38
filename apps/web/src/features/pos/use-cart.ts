import type { Outlet } from '@studio/shared';
import { useEffect, useReducer } from 'react';
import { type Cart, cartReducer, emptyCart } from './cart';

const key = (outlet: Outlet) => `posCart:${outlet}`;

function load(outlet: Outlet): Cart {
  try {
    const raw = window.localStorage.getItem(key(outlet));
    return raw ? { ...emptyCart(), ...(JSON.parse(raw) as Partial<Cart>) } : emptyCart();
  } catch {
    return emptyCart();
  }
}

/**
 * One till's cart, kept in localStorage per outlet: a reload, a dead battery or a lost connection mid-sale
 * keeps the cart and the pending client_ref, so the retried sale is the same sale.
 */
export function useCart(outlet: Outlet) {
  const [cart, dispatch] = useReducer(cartReducer, outlet, load);
  useEffect(() => {
    if (cart.lines.length === 0 && !cart.clientRef && !cart.customerName && !cart.customerPhone) window.localStorage.removeItem(key(outlet));
    else window.localStorage.setItem(key(outlet), JSON.stringify(cart));
  }, [cart, outlet]);
  return [cart, dispatch] as const;
}
