import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  formatKobo,
  fromKobo,
  toKobo,
  type CommissionRule,
  type CommissionTier,
  type MyEarnings,
  type PayRun,
  type PayRunLine,
  type PaySource,
  type TierProgress,
} from '@studio/shared';
import { rows, type Db, type DbOrTx, type Tx } from '../../db/client.js';
import type { UserRow } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { invalidField, notFound } from '../../plugins/errors.js';
import { commissionRulesTable, usersTable } from '../../db/schema.js';
import { payRunLinesTable, payRunSourcesTable, payRunsTable } from './pay-runs.table.js';

// Pay runs (issue 32; docs/decisions/033-staff-pay.md). Everything is worked out in kobo (integers); every figure of a
// line is the sum of its sources, so a payslip's naira each trace to an order line, a refund or a void and the rule
// that priced it.

/** A rule as the computation reads it (a stored one, or a proposed one in a simulation with a made-up id). */
export type PayRule = Pick<
  CommissionRule,
  'id' | 'name' | 'staff_id' | 'role' | 'applies_to' | 'category' | 'product_id' | 'kind' | 'rate' | 'basis' | 'business_cost' | 'tiers' | 'tier_mode' | 'effective_from'
>;

type Person = { id: number; name: string; role: string; active: boolean; base_pay: number | null };
type SourceRow = PaySource & { staff_id: number; order_item_id: number | null };

/** A percentage to two places as an integer of hundredths: 12.5 → 1250. */
const hundredths = (rate: number) => BigInt(Math.round(rate * 100));
/** `num / 10000` rounded half away from zero, as kobo. */
function roundDiv(num: bigint, den: bigint): number {
  const neg = num < 0n;
  const a = neg ? -num : num;
  const q = (a * 2n + den) / (den * 2n);
  return Number(neg ? -q : q);
}

/** The commission on a period's base total `x` (kobo) under a percentage rule and its tiers. */
export function tieredCommission(x: number, rate: number, tiers: readonly CommissionTier[], mode: 'whole' | 'above'): number {
  if (x <= 0) return 0;
  const X = BigInt(x);
  if (!tiers.length || mode === 'whole') {
    let r = rate;
    for (const t of tiers) if (x >= toKobo(t.threshold)) r = t.rate;
    return roundDiv(X * hundredths(r), 10000n);
  }
  // 'above': each slice of the total at the rate of the tier it falls in
  let num = 0n;
  let lo = 0n;
  let r = rate;
  for (const t of tiers) {
    const th = BigInt(toKobo(t.threshold));
    if (X <= th) break;
    num += (th - lo) * hundredths(r);
    lo = th;
    r = t.rate;
  }
  num += (X - lo) * hundredths(r);
  return roundDiv(num, 10000n);
}

/** The rate in force at a total, and the next tier above it. */
function tierAt(x: number, rule: PayRule): { rate: number; next: CommissionTier | null } {
  let rate = rule.rate;
  for (const t of rule.tiers) {
    if (x >= toKobo(t.threshold)) rate = t.rate;
    else return { rate, next: t };
  }
  return { rate, next: null };
}

/** How specific a rule is: a person's before a role's; one product before a category before all. */
const specificity = (r: PayRule) => (r.staff_id !== null ? 10 : 0) + (r.product_id !== null ? 2 : r.category ? 1 : 0);

/** The rule that prices a line: the most specific that matches, and of those the latest in force on the day. */
function ruleFor(rules: readonly PayRule[], who: Person, line: { product_id: number; kind: string; category: string | null; date: string }): PayRule | undefined {
  let best: PayRule | undefined;
  for (const r of rules) {
    if (r.effective_from > line.date || r.applies_to !== line.kind) continue;
    if (r.staff_id !== null ? r.staff_id !== who.id : r.role?.toLowerCase() !== who.role.toLowerCase()) continue;
    if (r.product_id !== null && r.product_id !== line.product_id) continue;
    if (r.product_id === null && r.category && r.category.toLowerCase() !== (line.category ?? '').toLowerCase()) continue;
    if (!best) best = r;
    else {
      const d = specificity(r) - specificity(best);
      if (d > 0 || (d === 0 && (r.effective_from > best.effective_from || (r.effective_from === best.effective_from && r.id > best.id)))) best = r;
    }
  }
  return best;
}

/** The share of a monthly base for the days of [from, to]: whole months are the base, a part month its days' share. */
export function baseShare(baseK: number, from: string, to: string): number {
  let k = 0;
  let month = from.slice(0, 7);
  while (month <= to.slice(0, 7)) {
    const [y, m] = month.split('-').map(Number) as [number, number];
    const dim = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const first = `${month}-01`;
    const last = `${month}-${String(dim).padStart(2, '0')}`;
    const a = from > first ? from : first;
    const b = to < last ? to : last;
    const days = Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000) + 1;
    k += days === dim ? baseK : roundDiv(BigInt(baseK) * BigInt(days), BigInt(dim));
    month = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  }
  return k;
}

type SaleLine = {
  id: number;
  order_id: number;
  invoice_no: string;
  date: string;
  staff_id: number;
  product_id: number;
  kind: string;
  category: string | null;
  quantity: number;
  total: string;
  order_subtotal: string;
  order_total: string;
};
type RefundLine = { id: number; order_item_id: number; quantity: number; date: string };

export interface PayComputation {
  lines: (Omit<PayRunLine, 'sources'> & { sources: SourceRow[] })[];
  tiers: Map<number, TierProgress[]>;
  /** Naira of service lines sold in the period, at the prices charged: what the simulation's payout share is of. */
  serviceSales: number;
}

/**
 * Works out the pay of [from, to] under `rules` (the stored ones unless given): one line per person with base pay or
 * a source, each figure the sum of its sources. Reads only; `staffId` limits it to one person.
 */
export async function computePay(db: DbOrTx, p: { from: string; to: string; timeZone: string; rules?: PayRule[]; staffId?: number }): Promise<PayComputation> {
  const { from, to } = p;
  const who = sql`coalesce(i.staff_id, o.staff_id)`;
  const only = p.staffId !== undefined ? sql`and ${who} = ${p.staffId}::int` : sql``;
  // one after another: inside a draft's transaction they share one connection
  const people = await db.select({ id: usersTable.id, name: usersTable.name, role: usersTable.role, active: usersTable.active, base_pay: usersTable.base_pay }).from(usersTable).orderBy(usersTable.name, usersTable.id);
  const stored = p.rules ?? ((await db.select().from(commissionRulesTable).where(lte(commissionRulesTable.effective_from, to))) as PayRule[]);
  // the products' categories are read only when a rule names one
  const byCategory = stored.some((r) => r.category && r.product_id === null);
  const category = byCategory ? sql`(select pr.category from products pr where pr.id = i.product_id)` : sql`null::text`;
  const sales = await rows<SaleLine>(
    db,
    sql`select i.id, i.order_id, o.invoice_no, o.business_date::text as date, ${who} as staff_id, i.product_id, i.kind, ${category} as category,
                 i.quantity, i.total::text as total, o.subtotal::text as order_subtotal, o.total::text as order_total
          from orders o join order_items i on i.order_id = o.id
          where o.status = 'paid' and o.business_date between ${from}::date and ${to}::date ${only}
          order by o.business_date, o.id, i.id`,
  );
  const rules = stored.map((r) => ({ ...r, rate: Number(r.rate), business_cost: r.business_cost === null ? null : Number(r.business_cost), tiers: r.tiers ?? [] }));
  const byId = new Map(people.map((x) => [x.id, x as Person]));
  const saleIds = sales.map((s) => s.id);
  const refunds: RefundLine[] = [];
  for (let i = 0; i < saleIds.length; i += 5000) {
    const some = saleIds.slice(i, i + 5000);
    refunds.push(
      ...(await rows<RefundLine>(
        db,
        sql`select ri.id, ri.order_item_id, ri.quantity, r.business_date::text as date
            from order_refund_items ri join order_refunds r on r.id = ri.refund_id
            where ri.order_item_id = any(${`{${some.join(',')}}`}::int[]) order by r.business_date, ri.id`,
      )),
    );
  }
  const sources = new Map<number, SourceRow[]>();
  const add = (s: SourceRow) => (sources.get(s.staff_id) ?? sources.set(s.staff_id, []).get(s.staff_id)!).push(s);

  // each line's base under its rule, then the events (sales and refunds) in date order per person and rule
  type Priced = { line: SaleLine; rule: PayRule; baseK: number; unitsK: number };
  const priced = new Map<number, Priced>();
  let serviceK = 0;
  type Event = { date: string; order: number; run: () => void };
  const events: Event[] = [];
  const cum = new Map<string, number>();
  const step = (key: string, rule: PayRule, deltaK: number) => {
    const before = cum.get(key) ?? 0;
    const after = before + deltaK;
    cum.set(key, after);
    return tieredCommission(after, rule.rate, rule.tiers, rule.tier_mode) - tieredCommission(before, rule.rate, rule.tiers, rule.tier_mode);
  };
  const basisText = (r: PayRule) => (r.basis === 'list' ? 'list price' : 'price charged');
  for (const line of sales) {
    const person = byId.get(Number(line.staff_id));
    const listK = toKobo(Number(line.total));
    const subK = toKobo(Number(line.order_subtotal));
    const chargedK = subK > 0 ? roundDiv(BigInt(listK) * BigInt(toKobo(Number(line.order_total))), BigInt(subK)) : 0;
    if (line.kind === 'service') serviceK += chargedK;
    if (!person) continue;
    const rule = ruleFor(rules, person, { product_id: line.product_id, kind: line.kind, category: line.category, date: line.date });
    if (!rule) continue;
    const costK = rule.business_cost ? toKobo(rule.business_cost) * line.quantity : 0;
    const baseK = Math.max(0, (rule.basis === 'list' ? listK : chargedK) - costK);
    const pr: Priced = { line, rule, baseK, unitsK: toKobo(rule.rate) };
    priced.set(line.id, pr);
    const key = `${person.id}:${rule.id}`;
    const costText = costK ? ` less ${formatKobo(costK)} business cost` : '';
    events.push({
      date: line.date,
      order: line.id * 2,
      run: () => {
        const amountK = rule.kind === 'flat' ? pr.unitsK * line.quantity : step(key, rule, baseK);
        const detail =
          rule.kind === 'flat'
            ? `${formatKobo(pr.unitsK)} × ${line.quantity} (${rule.name})`
            : `${rule.tiers.length ? `tiered (${rule.tier_mode})` : `${rule.rate}%`} of ${formatKobo(baseK)}, ${basisText(rule)}${costText} (${rule.name})`;
        add({ kind: 'order_line', id: line.id, date: line.date, amount: fromKobo(amountK), rule_id: rule.id, order: { id: line.order_id, invoice_no: line.invoice_no }, detail, staff_id: person.id, order_item_id: line.id });
      },
    });
  }
  for (const ref of refunds) {
    const pr = priced.get(ref.order_item_id);
    if (!pr) continue;
    const { line, rule } = pr;
    const key = `${line.staff_id}:${rule.id}`;
    events.push({
      date: ref.date,
      order: ref.order_item_id * 2 + 1,
      run: () => {
        const amountK = rule.kind === 'flat' ? -pr.unitsK * ref.quantity : step(key, rule, -roundDiv(BigInt(pr.baseK) * BigInt(ref.quantity), BigInt(line.quantity)));
        add({ kind: 'refund', id: ref.id, date: ref.date, amount: fromKobo(amountK), rule_id: rule.id, order: { id: line.order_id, invoice_no: line.invoice_no }, detail: `${ref.quantity} of ${line.quantity} refunded`, staff_id: Number(line.staff_id), order_item_id: line.id });
      },
    });
  }
  events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));
  for (const e of events) e.run();

  for (const adj of await adjustmentsAfterClose(db, p.timeZone, p.staffId)) add(adj);

  const tiers = new Map<number, TierProgress[]>();
  for (const [key, totalK] of cum) {
    const [staffId, ruleId] = key.split(':').map(Number) as [number, number];
    const rule = rules.find((r) => r.id === ruleId)!;
    if (!rule.tiers.length) continue;
    const at = tierAt(totalK, rule);
    const list = tiers.get(staffId) ?? tiers.set(staffId, []).get(staffId)!;
    list.push({
      rule_id: rule.id,
      rule: rule.name,
      total: fromKobo(totalK),
      rate: at.rate,
      next: at.next ? { threshold: at.next.threshold, rate: at.next.rate, remaining: fromKobo(toKobo(at.next.threshold) - totalK) } : null,
    });
  }

  const lines: PayComputation['lines'] = [];
  for (const person of people) {
    if (p.staffId !== undefined && person.id !== p.staffId) continue;
    const own = sources.get(person.id) ?? [];
    const baseK = person.active && person.base_pay ? baseShare(toKobo(Number(person.base_pay)), from, to) : 0;
    if (baseK > 0) own.unshift({ kind: 'base_pay', id: null, date: to, amount: fromKobo(baseK), rule_id: null, order: null, detail: `Base pay ${from} to ${to}`, staff_id: person.id, order_item_id: null });
    if (!own.length) continue;
    const sum = (kinds: string[]) => own.filter((s) => kinds.includes(s.kind)).reduce((k, s) => k + toKobo(s.amount), 0);
    const commissionK = sum(['order_line', 'refund']);
    const adjustmentsK = sum(['refund_after_close', 'void_after_close']);
    lines.push({
      staff: { id: person.id, name: person.name },
      base_pay: fromKobo(baseK),
      commission: fromKobo(commissionK),
      tips: 0,
      advances_paid_back: 0,
      adjustments: fromKobo(adjustmentsK),
      net: fromKobo(baseK + commissionK + adjustmentsK),
      sources: own,
    });
  }
  return { lines, tiers, serviceSales: fromKobo(serviceK) };
}

/**
 * Refunds and voids (whenever made) of order lines a closed run counted, that no closed run has settled yet: each
 * takes back its share of what the closed run paid on the line (the closed run itself is never changed).
 */
async function adjustmentsAfterClose(db: DbOrTx, timeZone: string, staffId?: number): Promise<SourceRow[]> {
  const only = staffId !== undefined ? sql`and s.staff_id = ${staffId}::int` : sql``;
  const settled = (kinds: string) =>
    sql.raw(`exists (select 1 from pay_run_sources s2 join pay_runs p2 on p2.id = s2.run_id and p2.status = 'closed' where s2.kind in (${kinds})`);
  const refunded = await rows<{ id: number; order_item_id: number; quantity: number; date: string; item_quantity: number; amount: string; staff_id: number; rule_id: number | null; order_id: number; invoice_no: string }>(
      db,
      sql`select ri.id, ri.order_item_id, ri.quantity, r.business_date::text as date, i.quantity as item_quantity, s.amount::text as amount,
                 s.staff_id, s.rule_id, s.order_id, s.invoice_no
          from pay_run_sources s join pay_runs p on p.id = s.run_id and p.status = 'closed'
          join order_refund_items ri on ri.order_item_id = s.order_item_id
          join order_refunds r on r.id = ri.refund_id
          join order_items i on i.id = s.order_item_id
          where s.kind = 'order_line' ${only}
            and not ${settled("'refund', 'refund_after_close'")} and s2.ref_id = ri.id)
          order by r.business_date, ri.id`,
  );
  const voided = await rows<{ order_item_id: number; date: string; counted: string; staff_id: number; rule_id: number | null; order_id: number; invoice_no: string }>(
      db,
      sql`select s.order_item_id, (o.voided_at at time zone ${timeZone})::date::text as date, s.staff_id, s.rule_id, s.order_id, s.invoice_no,
                 (select coalesce(sum(s3.amount), 0) from pay_run_sources s3 join pay_runs p3 on p3.id = s3.run_id and p3.status = 'closed'
                  where s3.order_item_id = s.order_item_id)::text as counted
          from pay_run_sources s join pay_runs p on p.id = s.run_id and p.status = 'closed'
          join orders o on o.id = s.order_id and o.status = 'void'
          where s.kind = 'order_line' ${only}
            and not ${settled("'void_after_close'")} and s2.order_item_id = s.order_item_id)
          order by o.voided_at, s.order_item_id`,
  );
  const out: SourceRow[] = [];
  const pendingK = new Map<number, number>();
  for (const r of refunded) {
    const amountK = -roundDiv(BigInt(toKobo(Number(r.amount))) * BigInt(r.quantity), BigInt(r.item_quantity));
    pendingK.set(r.order_item_id, (pendingK.get(r.order_item_id) ?? 0) + amountK);
    out.push({ kind: 'refund_after_close', id: r.id, date: r.date, amount: fromKobo(amountK), rule_id: r.rule_id, order: { id: r.order_id, invoice_no: r.invoice_no }, detail: `${r.quantity} of ${r.item_quantity} refunded after its run closed`, staff_id: r.staff_id, order_item_id: r.order_item_id });
  }
  for (const v of voided) {
    // what the closed runs paid on the line, less what this run already takes back for its refunds
    const amountK = -(toKobo(Number(v.counted)) + (pendingK.get(v.order_item_id) ?? 0));
    if (amountK === 0) continue;
    out.push({ kind: 'void_after_close', id: v.order_item_id, date: v.date, amount: fromKobo(amountK), rule_id: v.rule_id, order: { id: v.order_id, invoice_no: v.invoice_no }, detail: 'Sale voided after its run closed', staff_id: v.staff_id, order_item_id: v.order_item_id });
  }
  return out;
}

/** One pay run at a time is written: a draft or close sees every close before it. */
const oneAtATime = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('studio.pay-runs'))`);

async function assertNoClosedOverlap(tx: DbOrTx, from: string, to: string, except?: number): Promise<void> {
  const [hit] = await tx
    .select({ id: payRunsTable.id, from: payRunsTable.period_from, to: payRunsTable.period_to })
    .from(payRunsTable)
    .where(and(eq(payRunsTable.status, 'closed'), lte(payRunsTable.period_from, to), gte(payRunsTable.period_to, from), except !== undefined ? sql`${payRunsTable.id} <> ${except}` : undefined))
    .limit(1);
  if (hit) throw invalidField('from', `The period overlaps the closed pay run of ${hit.from} to ${hit.to}: its days are paid.`);
}

/** Replaces a run's lines and sources with `lines`; answers its total. */
async function storeLines(tx: Tx, runId: number, lines: PayComputation['lines']): Promise<number> {
  await tx.delete(payRunLinesTable).where(eq(payRunLinesTable.run_id, runId));
  await tx.delete(payRunSourcesTable).where(eq(payRunSourcesTable.run_id, runId));
  if (lines.length) {
    await tx.insert(payRunLinesTable).values(
      lines.map((l) => ({ run_id: runId, staff_id: l.staff.id, staff_name: l.staff.name, base_pay: l.base_pay, commission: l.commission, tips: l.tips, advances_paid_back: l.advances_paid_back, adjustments: l.adjustments, net: l.net })),
    );
  }
  // every source in one statement (a month of a busy studio is tens of thousands), in the order worked out
  const all = JSON.stringify(
    lines.flatMap((l) =>
      l.sources.map((s) => ({
        staff_id: s.staff_id,
        kind: s.kind,
        ref_id: s.id,
        order_item_id: s.order_item_id,
        order_id: s.order?.id ?? null,
        invoice_no: s.order?.invoice_no ?? null,
        rule_id: s.rule_id,
        date: s.date,
        amount: s.amount,
        detail: s.detail.slice(0, 200),
      })),
    ),
  );
  await tx.execute(sql`
    insert into pay_run_sources (run_id, staff_id, kind, ref_id, order_item_id, order_id, invoice_no, rule_id, date, amount, detail)
    select ${runId}::int, v.staff_id, v.kind, v.ref_id, v.order_item_id, v.order_id, v.invoice_no, v.rule_id, v.date, v.amount, v.detail
    from rows from (jsonb_to_recordset(${all}::jsonb) as (staff_id int, kind text, ref_id int, order_item_id int, order_id int, invoice_no text, rule_id int, date date, amount numeric, detail text))
         with ordinality as v(staff_id, kind, ref_id, order_item_id, order_id, invoice_no, rule_id, date, amount, detail, n)
    order by v.n`);
  return lines.reduce((k, l) => k + toKobo(l.net), 0);
}

export async function draftPayRun(db: Db, user: UserRow, period: { from: string; to: string }, timeZone: string): Promise<PayRun> {
  return db.transaction(async (tx) => {
    await oneAtATime(tx);
    await assertNoClosedOverlap(tx, period.from, period.to);
    const { lines } = await computePay(tx, { ...period, timeZone });
    const [run] = await tx.insert(payRunsTable).values({ period_from: period.from, period_to: period.to, created_by: user.id, created_by_name: user.name }).returning({ id: payRunsTable.id });
    const totalK = await storeLines(tx, run!.id, lines);
    await tx.update(payRunsTable).set({ total: fromKobo(totalK) }).where(eq(payRunsTable.id, run!.id));
    await recordActivity(tx, { user, action: 'draft', resource: 'pay-runs', recordId: run!.id, after: { ...period, people: lines.length, total: fromKobo(totalK) } });
    const [row] = await tx.select().from(payRunsTable).where(eq(payRunsTable.id, run!.id));
    // the answer is what was just written: no reading back of every source
    return present(row!, publicLines(lines));
  });
}

/**
 * Closes a draft: worked out again as at this moment (a sale voided since the draft is not paid), stored, and locked.
 * Refused when the run is closed already or a closed run now covers any of its days.
 */
export async function closePayRun(db: Db, user: UserRow, id: number, timeZone: string): Promise<PayRun> {
  await db.transaction(async (tx) => {
    await oneAtATime(tx);
    const [run] = await tx.select().from(payRunsTable).where(eq(payRunsTable.id, id)).for('update');
    if (!run) throw notFound('Pay run');
    if (run.status === 'closed') throw invalidField('status', `This pay run was closed by ${run.closed_by_name ?? 'an admin'}; it is never changed.`);
    await assertNoClosedOverlap(tx, run.period_from, run.period_to, id);
    const { lines } = await computePay(tx, { from: run.period_from, to: run.period_to, timeZone });
    const totalK = await storeLines(tx, id, lines);
    const at = new Date();
    await tx.update(payRunsTable).set({ status: 'closed', total: fromKobo(totalK), closed_at: at, closed_by: user.id, closed_by_name: user.name, updated_at: at }).where(eq(payRunsTable.id, id));
    await recordActivity(tx, { user, action: 'close', resource: 'pay-runs', recordId: id, before: { status: 'draft', total: run.total }, after: { status: 'closed', total: fromKobo(totalK), people: lines.length } });
  });
  return (await findPayRun(db, id))!;
}

/** Lines as an answer: the computation's bookkeeping (whose, which order line) left out, details as stored. */
export const publicLines = (lines: PayComputation['lines']): PayRunLine[] =>
  lines.map((l) => ({ ...l, sources: l.sources.map(({ staff_id: _s, order_item_id: _o, ...s }) => ({ ...s, detail: s.detail.slice(0, 200) })) }));

type RunRow = typeof payRunsTable.$inferSelect;
const present = (r: RunRow, lines: PayRunLine[]): PayRun => ({
  id: r.id,
  from: r.period_from,
  to: r.period_to,
  status: r.status,
  total: r.total,
  created_by: { id: r.created_by, name: r.created_by_name },
  closed_at: r.closed_at ? r.closed_at.toISOString() : null,
  closed_by: r.closed_by !== null ? { id: r.closed_by, name: r.closed_by_name ?? '' } : null,
  created_at: r.created_at.toISOString(),
  lines,
});

export async function listPayRuns(db: DbOrTx): Promise<PayRun[]> {
  const runs = await db.select().from(payRunsTable).orderBy(desc(payRunsTable.period_from), desc(payRunsTable.id)).limit(200);
  return runs.map((r) => present(r, []));
}

/** A run with its lines and every line's sources (`staffId`: one person's line only). */
export async function findPayRun(db: DbOrTx, id: number, staffId?: number): Promise<PayRun | undefined> {
  const [run] = await db.select().from(payRunsTable).where(eq(payRunsTable.id, id)).limit(1);
  if (!run) return undefined;
  const L = payRunLinesTable;
  const S = payRunSourcesTable;
  const [lines, sources] = await Promise.all([
    db.select().from(L).where(and(eq(L.run_id, id), staffId !== undefined ? eq(L.staff_id, staffId) : undefined)).orderBy(L.staff_name, L.staff_id),
    db.select().from(S).where(and(eq(S.run_id, id), staffId !== undefined ? eq(S.staff_id, staffId) : undefined)).orderBy(S.id),
  ]);
  const byStaff = new Map<number, PaySource[]>();
  for (const s of sources) {
    const list = byStaff.get(s.staff_id) ?? byStaff.set(s.staff_id, []).get(s.staff_id)!;
    list.push({ kind: s.kind, id: s.ref_id, date: s.date, amount: s.amount, rule_id: s.rule_id, order: s.order_id !== null ? { id: s.order_id, invoice_no: s.invoice_no ?? '' } : null, detail: s.detail });
  }
  return present(
    run,
    lines.map((l) => ({
      staff: { id: l.staff_id, name: l.staff_name },
      base_pay: l.base_pay,
      commission: l.commission,
      tips: l.tips,
      advances_paid_back: l.advances_paid_back,
      adjustments: l.adjustments,
      net: l.net,
      sources: byStaff.get(l.staff_id) ?? [],
    })),
  );
}

/** The bank-transfer list of a run: one row per person paid (net above 0). */
export async function bankTransfersCsv(db: DbOrTx, run: PayRun): Promise<string> {
  const ids = run.lines.map((l) => l.staff.id);
  const phones = ids.length ? await db.select({ id: usersTable.id, phone: usersTable.phone }).from(usersTable).where(inArray(usersTable.id, ids)) : [];
  const phone = new Map(phones.map((p) => [p.id, p.phone ?? '']));
  const cell = (v: string) => (/[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${(/^[=+\-@]/.test(v) ? `'${v}` : v).replace(/"/g, '""')}"` : v);
  const head = 'Name,Phone,Amount,Narration';
  const body = run.lines.filter((l) => l.net > 0).map((l) => [l.staff.name, phone.get(l.staff.id) ?? '', l.net.toFixed(2), `Pay ${run.from} to ${run.to}`].map(cell).join(','));
  return [head, ...body].join('\r\n') + '\r\n';
}

/** `GET /api/my-earnings/{from}/{to}`: one person's commission and adjustments so far, their sources and tiers (no base pay). */
export async function myEarnings(db: DbOrTx, person: { id: number; name: string }, from: string, to: string, timeZone: string): Promise<MyEarnings> {
  const { lines, tiers } = await computePay(db, { from, to, timeZone, staffId: person.id });
  const line = lines[0];
  const sources = (line?.sources ?? []).filter((s) => s.kind !== 'base_pay').map(({ staff_id: _s, order_item_id: _o, ...s }) => s);
  return {
    from,
    to,
    staff: { id: person.id, name: person.name },
    commission: line?.commission ?? 0,
    tips: line?.tips ?? 0,
    adjustments: line?.adjustments ?? 0,
    sources,
    tiers: tiers.get(person.id) ?? [],
  };
}
