import type { TillItem } from '@studio/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, callsOf, jsonResponse, makeUser, mockFetch, renderRoutes, resetSession, storeUser } from '../../test/helpers';
import { PosPage } from './pos.page';
import { mergeTillChanges } from './use-till-products';

const item = (id: number, name: string, quantity: number | null = 5): TillItem => ({ id, name, kind: quantity === null ? 'service' : 'product', sku: null, category: null, price: 1000, quantity, reorder_level: 5 });

describe('mergeTillChanges', () => {
  const list = [item(3, 'Blush'), item(1, 'Eyeshadow Palette'), item(2, 'lip gloss 2'), item(4, 'Lip Gloss 10')];

  it('updates in place, drops removed ids, and puts new or renamed items at their place in the order', () => {
    const merged = mergeTillChanges(list, { data: [item(1, 'Eyeshadow Palette', 2), item(9, 'Concealer'), item(4, 'Bronzer')], removed: [3] });
    expect(merged.map((p) => [p.id, p.name, p.quantity])).toEqual([
      [4, 'Bronzer', 5],
      [9, 'Concealer', 5],
      [1, 'Eyeshadow Palette', 2],
      [2, 'lip gloss 2', 5],
    ]);
    // the list it was given is untouched
    expect(list.map((p) => p.id)).toEqual([3, 1, 2, 4]);
  });

  it('returns the same list when nothing changed (no re-render)', () => {
    expect(mergeTillChanges(list, { data: [], removed: [] })).toBe(list);
  });
});

const CURSOR = '0123456789ab.7';

describe('the till list', () => {
  beforeEach(() => storeUser(makeUser()));
  afterEach(() => {
    vi.unstubAllGlobals();
    resetSession();
  });

  it(
    'follows other tills’ sales and restocks by asking only what changed, and loads it all again after a 410',
    async () => {
      let polls = 0;
      let loads = 0;
      const fetch = mockFetch(({ url }) => {
        if (url.pathname === '/api/pos/store/products') {
          loads += 1;
          return jsonResponse(200, { data: loads === 1 ? [item(1, 'Matte Lipstick', 9)] : [item(1, 'Matte Lipstick', 40)], cursor: `0123456789ab.${6 + loads}` });
        }
        if (url.pathname === '/api/pos/store/products/changes') {
          polls += 1;
          if (polls === 1) return jsonResponse(200, { data: [item(1, 'Matte Lipstick', 3)], removed: [], cursor: '0123456789ab.20' });
          if (polls === 2) return jsonResponse(410, { message: 'load the whole list again' });
          return jsonResponse(200, { data: [], removed: [], cursor: url.searchParams.get('since') });
        }
        return jsonResponse(404, { message: 'Not found.' });
      });
      renderRoutes([{ path: '/dashboard/point-of-sales/:outlet', element: <PosPage title="Point of Sales (Makeup)" /> }], '/dashboard/point-of-sales/store');
      expect((await screen.findByText('9 left')).textContent).toBe('9 left');
      // another till sold six: the next poll says so
      await screen.findByText('3 left', undefined, { timeout: 5000 });
      const changeCalls = callsOf(fetch).filter((c) => c.url.pathname === '/api/pos/store/products/changes');
      expect(changeCalls[0]!.url.searchParams.get('since')).toBe(CURSOR);
      // the server restarted (410): the till loads the list again, once
      await screen.findByText('40 left', undefined, { timeout: 5000 });
      await waitFor(() => expect(loads).toBe(2));
      // no loading bar for the polls: they are background requests (nothing to assert on fetch; the list stays)
      expect(screen.getByText('Matte Lipstick')).toBeTruthy();
    },
    COMPONENT_TEST_TIMEOUT + 10_000,
  );
});
