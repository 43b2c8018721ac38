import { studioDate } from '@studio/shared';
// The point-of-sale half of `npm run seed:demo`: products in all three outlets and a year of
// sales, made through the same createOrder/voidOrder/applyStockChange the API uses, in time
// order, so every product's quantity is exactly the sum of its ledger.
import { count, inArray } from 'drizzle-orm';
import type { Outlet, PaymentMethod } from '@studio/shared';
import type { Db } from '../db/client.js';
import { productsTable, stockMovementsTable, usersTable } from '../db/schema.js';
import { applyStockChange } from '../resources/products/index.js';
import { createOrder, voidOrder } from '../features/pos/index.js';
import { HttpError } from '../plugins/errors.js';
import { rng } from './seed-random.js';

type Item = [name: string, category: string, price: number, cost: number, stock?: number, reorder?: number];

/** [name, category, price ₦, cost ₦, opening stock (products only), reorder level] */
const CATALOGUE: Record<Outlet, { products: Item[]; services: Item[] }> = {
  store: {
    products: [
      ["Fenty Beauty Pro Filt'r Foundation 30ml", 'Foundation', 38000, 29500, 12, 3],
      ['Maybelline Fit Me Matte Foundation', 'Foundation', 9500, 6800, 30, 8],
      ['Zaron Liquid Foundation', 'Foundation', 7500, 5200, 30, 8],
      ['House of Tara Studio Foundation', 'Foundation', 12000, 8500, 20, 5],
      ['MAC Studio Fix Fluid SPF 15', 'Foundation', 42000, 33000, 8, 2],
      ['NARS Radiant Creamy Concealer', 'Concealer', 28000, 21000, 10, 3],
      ['Zaron Concealer', 'Concealer', 4500, 3000, 30, 8],
      ['L.A. Girl Pro Conceal', 'Concealer', 3500, 2200, 40, 10],
      ['Ben Nye Banana Powder', 'Powder', 18000, 12500, 15, 4],
      ['Zaron Pressed Powder', 'Powder', 6000, 4000, 25, 6],
      ['Huda Beauty Easy Bake Setting Powder', 'Powder', 35000, 26000, 8, 2],
      ['Matte Lipstick - Ruby Woo', 'Lips', 6500, 3800, 30, 8],
      ['Matte Lipstick - Nude Brown', 'Lips', 6500, 3800, 30, 8],
      ['Lip Gloss - Clear Glow', 'Lips', 3500, 1800, 40, 10],
      ['Lip Liner - Espresso', 'Lips', 2500, 1200, 40, 10],
      ['Makeup Brush Set (12 pcs)', 'Brushes', 18000, 11000, 12, 3],
      ['Beauty Blender Sponge', 'Brushes', 2500, 1100, 60, 15],
      ['Flat Top Kabuki Brush', 'Brushes', 5500, 3000, 20, 5],
      ['Eyeshadow Blending Brush', 'Brushes', 2800, 1400, 25, 6],
      ['3D Mink Lashes - Wispy', 'Lashes', 3000, 1300, 60, 15],
      ['Strip Lashes - Dramatic', 'Lashes', 2500, 1000, 60, 15],
      ['Individual Lash Clusters', 'Lashes', 5000, 2500, 30, 8],
      ['Lash Glue (Duo)', 'Lashes', 4500, 2800, 30, 8],
      ['Setting Spray - Matte Finish', 'Skin prep', 9000, 6000, 20, 5],
      ['Pore Filler Primer', 'Skin prep', 11000, 7500, 15, 4],
      ['Eyeshadow Palette - Warm Tones', 'Eyes', 15000, 9500, 12, 3],
      ['Brow Pencil - Dark Brown', 'Eyes', 3000, 1500, 40, 10],
      ['Makeup Remover Wipes', 'Skin prep', 2000, 1000, 50, 12],
    ],
    services: [
      ['Soft Glam Makeup', 'Makeup service', 25000, 0],
      ['Full Glam Makeup', 'Makeup service', 35000, 0],
      ['Gele Tying', 'Makeup service', 10000, 0],
      ['Lash Application', 'Makeup service', 5000, 0],
    ],
  },
  office: {
    products: [
      ['PMU Aftercare Balm', 'Aftercare', 6000, 3000, 25, 6],
      ['Brow Growth Serum', 'Aftercare', 12000, 7000, 15, 4],
      ['Lash Shampoo', 'Aftercare', 5000, 2500, 20, 5],
    ],
    services: [
      ['Microblading', 'Brows', 150000, 15000],
      ['Ombré Powder Brows', 'Brows', 180000, 18000],
      ['Combo Brows', 'Brows', 200000, 20000],
      ['Brow Touch-up (6 weeks)', 'Brows', 50000, 5000],
      ['Lip Blush', 'Lips', 160000, 16000],
      ['Lash Extensions - Classic Set', 'Lashes', 25000, 6000],
      ['Lash Extensions - Volume Set', 'Lashes', 35000, 9000],
      ['Brow Lamination', 'Brows', 20000, 3000],
      ['Lash Lift and Tint', 'Lashes', 18000, 3000],
    ],
  },
  salon: {
    products: [
      ['Bone Straight Wig 16"', 'Wigs', 180000, 140000, 5, 1],
      ['Body Wave Frontal Wig 20"', 'Wigs', 250000, 195000, 4, 1],
      ['Braiding Extensions (pack)', 'Hair', 2500, 1500, 120, 30],
      ['Edge Control', 'Hair care', 4000, 2200, 30, 8],
      ['Wig Glue (Got2b)', 'Hair care', 9000, 6000, 15, 4],
      ['Hair Growth Oil', 'Hair care', 6500, 3500, 20, 5],
      ['Satin Bonnet', 'Accessories', 3000, 1500, 30, 8],
    ],
    services: [
      ['Knotless Braids (Medium)', 'Braids', 35000, 5000],
      ['Box Braids', 'Braids', 30000, 5000],
      ['Cornrows (Straight Back)', 'Braids', 10000, 1000],
      ['Frontal Wig Install', 'Wig services', 25000, 3000],
      ['Closure Wig Install', 'Wig services', 15000, 2000],
      ['Wig Revamp', 'Wig services', 12000, 2000],
      ['Silk Press', 'Styling', 15000, 2000],
      ['Wash and Set', 'Styling', 8000, 1000],
      ['Pedicure', 'Nails', 10000, 2000],
      ['Gel Manicure', 'Nails', 12000, 2500],
    ],
  },
};

const WALK_IN = 'Walk-in Customer';
/** The regulars' phones: the same person gives the same number each visit, so each has a client record with a history. */
export function REGULAR_PHONE(name: string): string {
  const i = REGULARS.indexOf(name);
  return `0803 ${610 + i} ${4000 + i * 37}`;
}
const CUSTOMERS = [
  'Adaeze Nwosu', 'Tonye Briggs', 'Ibinabo Jack', 'Chioma Okeke', 'Ebiere Dappa', 'Funmi Adeyemi', 'Ngozi Obi', 'Blessing Ikwuemesi',
  'Sotonye West', 'Amaka Udeh', 'Boma Harry', 'Kemi Lawal', 'Ifeoma Eze', 'Tamara George', 'Precious Amadi', 'Onyinye Ezenwa',
  'Daberechi Wali', 'Mercy Ogbonna', 'Joy Nwachukwu', 'Tari Ekine', 'Walk-in Customer', 'Walk-in Customer', 'Walk-in Customer',
];
/** The named customers: the demo's regular clients. */
export const REGULARS = [...new Set(CUSTOMERS.filter((c) => c !== WALK_IN))];

/** Sales per open day, on average, and who sells where (usernames from the demo staff). */
const PER_DAY: Record<Outlet, number> = { store: 3, office: 0.8, salon: 2 };
const SELLERS: Record<Outlet, string[]> = { store: ['chiamaka', 'ngozi', 'ngozi', 'blessing'], office: ['tamuno', 'tamuno', 'blessing'], salon: ['ibiere', 'ibiere', 'ngozi'] };


const pad = (n: number) => String(n).padStart(2, '0');
/** A moment on a studio day at hh:mm, Lagos time (UTC+1, no daylight saving). */
const at = (day: string, minutes: number) => new Date(`${day}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00+01:00`);

export interface PosSeedResult {
  products: number;
  orders: number;
  voids: number;
}

/**
 * Seeds products and `months` of sales up to `now` (today's trade stops at the present minute: nothing is
 * dated in the future); does nothing (returns undefined) when products already exist.
 */
export async function seedPos(db: Db, timeZone: string, months = 12, now = new Date()): Promise<PosSeedResult | undefined> {
  const [{ n }] = (await db.select({ n: count() }).from(productsTable)) as [{ n: number }];
  if (Number(n) > 0) return undefined;
  const random = rng(20250314);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;

  const usernames = [...new Set(Object.values(SELLERS).flat())];
  const people = await db.select().from(usersTable).where(inArray(usersTable.username, usernames));
  const admins = await db.select().from(usersTable).limit(1);
  const byUsername = new Map(people.map((p) => [p.username, p]));
  const fallback = people[0] ?? admins[0]!;
  const user = (username: string) => byUsername.get(username) ?? fallback;
  const manager = people.find((p) => p.is_admin === 1) ?? fallback;

  const today = studioDate(now, timeZone);
  const past = (d: Date) => d.getTime() <= now.getTime();
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCMonth(start.getUTCMonth() - months);
  const firstDay = start.toISOString().slice(0, 10);
  const opening = at(firstDay, 8 * 60);

  // products with their opening stock, as the products form would make them
  type Stocked = { id: number; outlet: Outlet; kind: 'product' | 'service'; quantity: number; reorder: number; price: number };
  const catalogue: Stocked[] = [];
  for (const outlet of ['store', 'office', 'salon'] as const) {
    const rows = [
      ...CATALOGUE[outlet].products.map(([name, category, price, cost, stock, reorder]) => ({ outlet, name, category, price, cost_price: cost, kind: 'product' as const, quantity: stock!, reorder_level: reorder! })),
      ...CATALOGUE[outlet].services.map(([name, category, price, cost]) => ({ outlet, name, category, price, cost_price: cost, kind: 'service' as const, quantity: null, reorder_level: 0 })),
    ];
    const inserted = await db
      .insert(productsTable)
      .values(rows.map((r, i) => ({ ...r, sku: `${outlet.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(3, '0')}`, created_at: opening, updated_at: opening })))
      .returning();
    await db.insert(stockMovementsTable).values(
      inserted.filter((p) => p.kind === 'product').map((p) => ({ product_id: p.id, outlet: p.outlet, change: p.quantity!, quantity_after: p.quantity!, reason: 'opening' as const, user_id: manager.id, created_at: opening })),
    );
    for (const p of inserted) catalogue.push({ id: p.id, outlet, kind: p.kind, quantity: p.quantity ?? 0, reorder: p.reorder_level, price: p.price });
  }

  let orders = 0;
  let voids = 0;
  const day = new Date(start);
  const lastDay = new Date(`${today}T00:00:00Z`);
  // in the last six weeks some lines are not reordered and run low or out, so the stock filters have something to show
  const neglected = new Set(catalogue.filter((p) => p.kind === 'product' && random() < 0.3).map((p) => p.id));
  for (; day <= lastDay; day.setUTCDate(day.getUTCDate() + 1)) {
    const date = day.toISOString().slice(0, 10);
    const weekday = day.getUTCDay();
    if (weekday === 0) continue; // closed on Sundays
    const endingSoon = (lastDay.getTime() - day.getTime()) / 86_400_000 < 42;

    // Monday morning: restock what is at or under its reorder level
    if (weekday === 1 && past(at(date, 8 * 60 + 30))) {
      for (const p of catalogue) {
        if (p.kind !== 'product' || p.quantity > p.reorder || (endingSoon && neglected.has(p.id))) continue;
        const add = p.reorder * 4 + 2 - p.quantity;
        await db.transaction((tx) => applyStockChange(tx, { productId: p.id, change: add, reason: 'restock', userId: manager.id, note: 'Weekly supplier delivery', at: at(date, 8 * 60 + 30) }));
        p.quantity += add;
      }
    }
    // now and then something is damaged
    const onShelf = catalogue.filter((x) => x.kind === 'product' && x.quantity > 0);
    if (onShelf.length && random() < 0.03 && past(at(date, 8 * 60 + 45))) {
      const p = pick(onShelf);
      await db.transaction((tx) => applyStockChange(tx, { productId: p.id, change: -1, reason: 'write_off', userId: manager.id, note: 'Damaged on the shelf', at: at(date, 8 * 60 + 45) }));
      p.quantity -= 1;
    }

    // the day's sales, rung up in time order so invoice numbers and the ledger read like a real day
    const busy = weekday === 6 ? 1.8 : 1; // Saturdays: weddings and owambe
    const todays: { outlet: Outlet; minute: number }[] = [];
    for (const outlet of ['store', 'office', 'salon'] as const) {
      const sales = Math.floor(random() * 2 * PER_DAY[outlet] * busy + random());
      for (let s = 0; s < sales; s++) todays.push({ outlet, minute: 9 * 60 + Math.floor(random() * 10 * 60) });
    }
    todays.sort((a, b) => a.minute - b.minute);
    const mistakes: { id: number; items: { product_id: number; quantity: number }[] }[] = [];
    for (const { outlet, minute } of todays) {
      if (!past(at(date, minute))) break; // today, later than now
      const sellable = catalogue.filter((p) => p.outlet === outlet && (p.kind === 'service' || p.quantity > 0));
      const lines = new Map<number, number>();
      const count = 1 + Math.floor(random() * random() * 4);
      for (let i = 0; i < count; i++) {
        const p = pick(sellable);
        const want = (lines.get(p.id) ?? 0) + (p.kind === 'product' && random() < 0.2 ? 2 : 1);
        if (p.kind === 'service' || want <= p.quantity) lines.set(p.id, want);
      }
      if (!lines.size) continue;
      const items = [...lines].map(([product_id, quantity]) => ({ product_id, quantity }));
      const subtotal = items.reduce((sum, i) => sum + catalogue.find((p) => p.id === i.product_id)!.price * i.quantity, 0);
      const discount = subtotal >= 50000 && random() < 0.15 ? Math.round((subtotal * 0.05) / 500) * 500 : 0;
      const total = subtotal - discount;
      const r = random();
      let pay: { payment_method?: PaymentMethod; amount_paid?: number; payments?: { method: PaymentMethod; amount: number; reference: string | null }[] };
      if (r < 0.3) pay = { payment_method: 'cash', amount_paid: Math.ceil(total / 1000) * 1000 }; // change from the till
      else if (r < 0.75) pay = { payment_method: 'transfer' };
      else if (r < 0.88) pay = { payment_method: 'pos' };
      else if (r < 0.93) pay = { payment_method: 'card' };
      else {
        const part = Math.floor(total / 2 / 100) * 100;
        pay = { payments: [{ method: 'transfer', amount: part, reference: `TRF${Math.floor(random() * 1e8)}` }, { method: random() < 0.5 ? 'cash' : 'transfer', amount: total - part, reference: null }] };
      }
      const seller = user(pick(SELLERS[outlet]));
      // a regular gives her number most visits (her client record links the sale); a walk-in gives none
      const customer = pick(CUSTOMERS);
      const phone = random() < 0.7 && customer !== WALK_IN ? REGULAR_PHONE(customer) : null;
      try {
        const { order } = await createOrder(
          db,
          seller,
          { outlet, customer_name: customer, customer_phone: phone, items, discount, note: null, ...pay },
          timeZone,
          { at: at(date, minute) },
        );
        for (const i of items) {
          const p = catalogue.find((x) => x.id === i.product_id)!;
          if (p.kind === 'product') p.quantity -= i.quantity;
        }
        orders++;
        if (random() < 0.012) mistakes.push({ id: order.id, items });
      } catch (err) {
        if (!(err instanceof HttpError)) throw err; // a refused sale is simply not made
      }
    }
    // rung up by mistake: the manager voids them at the day close and the stock goes back
    for (const m of mistakes) {
      const closing = at(date, 19 * 60 + 30);
      await voidOrder(db, manager, m.id, 'Rung up by mistake.', { at: past(closing) ? closing : now });
      for (const i of m.items) {
        const p = catalogue.find((x) => x.id === i.product_id)!;
        if (p.kind === 'product') p.quantity += i.quantity;
      }
      voids++;
    }
  }
  return { products: catalogue.length, orders, voids };
}
