import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { clientMergesTable } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { uniqueName } from './helpers/fixtures.js';

// Issue 34, item 3: merge is hard to get wrong. The likely duplicates come first (the same name and a similar phone,
// then the same name, then a similar phone), never simply the first phone match; and a merge can be undone for 7 days:
// the records it moved go back, the merged record's phone finds it again, the details it filled are put back.

let t: TestApp;
let admin: string;
let staff: { id: number; token: string };
let pos: ReturnType<typeof posHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

type Client = { id: number; name: string; phone: string | null; email: string | null; notes: string | null; merged_into_id: number | null };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
async function createClient(name: string, phone: string, over: Record<string, unknown> = {}): Promise<Client> {
  const res = await call('POST', '/api/clients', { name, phone, ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const sales = async (clientId: number) =>
  ((await call('GET', `/api/clients/${clientId}/history`)).json().data.entries as { kind: string; id: number }[]).filter((e) => e.kind === 'sale').map((e) => e.id).sort((a, b) => a - b);

describe('likely duplicates', () => {
  it('lists the same name with a similar phone first, then the same name, then a similar phone; strangers not at all', async () => {
    const name = uniqueName('Chioma Obi');
    const me = await createClient(name, '0803 555 1234');
    const typo = await createClient(name, '0803 555 1243'); // two digits swapped, same name
    const sameName = await createClient(name, '0909 111 2222');
    const oneDigit = await createClient(uniqueName('Someone Else'), '0803 555 1235'); // one digit off
    await createClient(uniqueName('Stranger'), '0701 234 9876');
    await createClient(uniqueName('Prefix Only'), '0803 555 9999'); // the same network prefix is not a slip

    expect((await call('GET', `/api/clients/${me.id}/duplicates`, undefined, staff.token)).statusCode).toBe(403);
    const res = await call('GET', `/api/clients/${me.id}/duplicates`);
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json().data as { client: Client; reasons: string[] }[];
    expect(found.map((d) => [d.client.id, d.reasons])).toEqual([
      [typo.id, ['same_name', 'similar_phone']],
      [sameName.id, ['same_name']],
      [oneDigit.id, ['similar_phone']],
    ]);
    expect((await call('GET', '/api/clients/99999999/duplicates')).statusCode).toBe(404);
  });
});

describe('undo a merge', () => {
  it('within 7 days puts every record back, the phone finds the merged client again, and filled details are restored', async () => {
    const keep = await createClient(uniqueName('Amaka Keep'), '0812 000 1001', { notes: 'Prefers mornings' });
    const merged = await createClient(uniqueName('Amaka Dup'), '0812 000 1010', { email: 'amaka@example.com', notes: 'Allergic to latex' });
    const product = await pos.product({ price: 3000, quantity: 20 });
    const sell = (phone: string) => pos.sell(admin, { customer_name: 'Amaka', customer_phone: phone, items: [{ product_id: product.id, quantity: 1 }] });
    const keepSale = (await sell(keep.phone!)).json().data.id as number;
    const dupSales = [(await sell(merged.phone!)).json().data.id, (await sell(merged.phone!)).json().data.id].sort((a, b) => a - b) as number[];

    const res = await call('POST', '/api/clients/merge', { keep_id: keep.id, merge_id: merged.id });
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json().merge as { id: number; moved: Record<string, number>; can_undo: boolean; undo_until: string };
    expect(record).toMatchObject({ keep_id: keep.id, merge_id: merged.id, can_undo: true, undone_at: null });
    expect(Object.values(record.moved).reduce((a, b) => a + b, 0)).toBe(2);
    expect(Date.parse(record.undo_until) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(res.json().data).toMatchObject({ email: 'amaka@example.com', notes: 'Prefers mornings\nAllergic to latex' });
    expect(await sales(keep.id)).toEqual([keepSale, ...dupSales].sort((a, b) => a - b));
    // both clients list the merge
    for (const id of [keep.id, merged.id]) expect((await call('GET', `/api/clients/${id}/merges`)).json().data.map((m: { id: number }) => m.id)).toEqual([record.id]);

    // staff may not undo; an unknown merge is a 404
    expect((await call('POST', `/api/clients/merges/${record.id}/undo`, undefined, staff.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/clients/merges/99999999/undo')).statusCode).toBe(404);

    const undo = await call('POST', `/api/clients/merges/${record.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data).toMatchObject({ id: record.id, can_undo: false, undone_by: { name: 'Studio Admin' } });
    expect(await sales(keep.id)).toEqual([keepSale]);
    expect(await sales(merged.id)).toEqual(dupSales);
    const kept = (await call('GET', `/api/clients/${keep.id}`)).json().data as Client;
    expect(kept).toMatchObject({ email: null, notes: 'Prefers mornings', merged_into_id: null });
    expect((await call('GET', `/api/clients/${merged.id}`)).json().data.merged_into_id).toBeNull();
    expect((await call('GET', `/api/clients/by-phone/${encodeURIComponent(merged.phone!)}`)).json().data.id).toBe(merged.id);
    // a new sale with the merged number goes to the merged client again
    expect((await sell(merged.phone!)).json().data.client_id).toBe(merged.id);

    // once undone, not again
    const twice = await call('POST', `/api/clients/merges/${record.id}/undo`);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.id[0]).toMatch(/already undone/);
  });

  it('a detail edited since the merge is left as edited', async () => {
    const keep = await createClient(uniqueName('Bisi Keep'), '0812 000 2001');
    const merged = await createClient(uniqueName('Bisi Dup'), '0812 000 2010', { email: 'bisi@example.com', birthday: '1992-02-02' });
    const record = (await call('POST', '/api/clients/merge', { keep_id: keep.id, merge_id: merged.id })).json().merge as { id: number };
    expect((await call('PUT', `/api/clients/${keep.id}`, { email: 'bisi.new@example.com' })).statusCode).toBe(200);
    expect((await call('POST', `/api/clients/merges/${record.id}/undo`)).statusCode).toBe(200);
    expect((await call('GET', `/api/clients/${keep.id}`)).json().data).toMatchObject({ email: 'bisi.new@example.com', birthday: null });
  });

  it('is refused after 7 days, after an erasure, and when the kept client was merged on since; nothing changes', async () => {
    const tooOld = async () => {
      const keep = await createClient(uniqueName('Old Keep'), '0812 000 3001');
      const merged = await createClient(uniqueName('Old Dup'), '0812 000 3010');
      return { keep, merged, record: (await call('POST', '/api/clients/merge', { keep_id: keep.id, merge_id: merged.id })).json().merge as { id: number } };
    };
    const old = await tooOld();
    await t.database.db.update(clientMergesTable).set({ merged_at: sql`now() - interval '8 days'` }).where(eq(clientMergesTable.id, old.record.id));
    expect((await call('GET', `/api/clients/${old.keep.id}/merges`)).json().data[0].can_undo).toBe(false);
    const late = await call('POST', `/api/clients/merges/${old.record.id}/undo`);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.id[0]).toMatch(/7 days/);
    expect((await call('GET', `/api/clients/${old.merged.id}`)).json().data.merged_into_id).toBe(old.keep.id);

    const keep = await createClient(uniqueName('Erase Keep'), '0812 000 4001', { notes: 'Private note' });
    const merged = await createClient(uniqueName('Erase Dup'), '0812 000 4010', { notes: 'Another note' });
    const record = (await call('POST', '/api/clients/merge', { keep_id: keep.id, merge_id: merged.id })).json().merge as { id: number };
    expect((await call('POST', `/api/clients/${keep.id}/erase`, { reason: 'Client asked on 1 Dec' })).statusCode).toBe(200);
    // the merge's record holds none of the erased details
    const [stored] = await t.database.db.select().from(clientMergesTable).where(eq(clientMergesTable.id, record.id));
    expect(stored!.details).toBeNull();
    expect(JSON.stringify(stored)).not.toMatch(/Private note|Another note/);
    const erased = await call('POST', `/api/clients/merges/${record.id}/undo`);
    expect(erased.statusCode).toBe(422);
    expect(erased.json().errors.id[0]).toMatch(/erased/);

    const a = await createClient(uniqueName('Chain A'), '0812 000 5001');
    const b = await createClient(uniqueName('Chain B'), '0812 000 5010');
    const c = await createClient(uniqueName('Chain C'), '0812 000 5100');
    const first = (await call('POST', '/api/clients/merge', { keep_id: b.id, merge_id: a.id })).json().merge as { id: number };
    expect((await call('POST', '/api/clients/merge', { keep_id: c.id, merge_id: b.id })).statusCode).toBe(200);
    const chained = await call('POST', `/api/clients/merges/${first.id}/undo`);
    expect(chained.statusCode).toBe(422);
    expect(chained.json().errors.id[0]).toMatch(/undo that merge first/);
    // undoing the later one first, then the earlier: each record is back where it was
    const second = (await call('GET', `/api/clients/${c.id}/merges`)).json().data[0] as { id: number };
    expect((await call('POST', `/api/clients/merges/${second.id}/undo`)).statusCode).toBe(200);
    expect((await call('GET', `/api/clients/${a.id}`)).json().data.merged_into_id).toBe(b.id);
    expect((await call('POST', `/api/clients/merges/${first.id}/undo`)).statusCode).toBe(200);
    expect((await call('GET', `/api/clients/${a.id}`)).json().data.merged_into_id).toBeNull();
  });
});
