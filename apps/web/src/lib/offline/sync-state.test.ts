import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { TillDatabase, enqueueSale } from './outbox';
import { countOutbox, outboxCounts } from './sync-state';

// Issue 20 item 5: the header pill's numbers come from a look at the till's database with IndexedDB itself, before
// Dexie is loaded; they must be the outbox's own.
const sale = (ref: string) =>
  enqueueSale(
    { outlet: 'store', customer_name: 'x', items: [{ product_id: 1, quantity: 1, unit_price: 1 }], payment_method: 'cash', client_ref: ref },
    { soldOn: '2026-11-25', soldBy: 7, pricesAsOf: '' },
    db,
  );
let db: TillDatabase;

describe("the shell's quick look at the outbox", () => {
  it('counts the waiting sales and those needing attention as Dexie wrote them', async () => {
    db = new TillDatabase('count-test-till');
    await sale('a');
    await sale('b');
    await sale('c');
    await db.outbox.update('b', { status: 'attention' });
    await db.outbox.update('c', { status: 'synced' });
    expect(await countOutbox('count-test-till')).toEqual({ waiting: 1, attention: 1 });
    // the look leaves the database as it was: Dexie goes on using it
    await sale('d');
    expect(await countOutbox('count-test-till')).toEqual({ waiting: 2, attention: 1 });
    expect(outboxCounts({ entries: await db.outbox.toArray(), counts: null })).toEqual({ waiting: 2, attention: 1 });
    await db.delete();
  });

  it('finds nothing on a device without the database, and does not create one', async () => {
    expect(await countOutbox('no-such-till')).toEqual({ waiting: 0, attention: 0 });
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('no-such-till');
  });

  it('shows the outbox itself once read, the quick look before, zero before either', () => {
    expect(outboxCounts({ entries: undefined, counts: null })).toEqual({ waiting: 0, attention: 0 });
    expect(outboxCounts({ entries: undefined, counts: { waiting: 3, attention: 0 } })).toEqual({ waiting: 3, attention: 0 });
    expect(outboxCounts({ entries: [], counts: { waiting: 3, attention: 0 } })).toEqual({ waiting: 0, attention: 0 });
  });
});
