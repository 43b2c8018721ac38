import type { ClientCredit, ClientPackage, GiftVoucher, PrepaidLiability } from './prepaid.js';
import type { TouchUpPlan } from './touch-ups.js';
import type { Digest } from './digest.js';
import type { Dashboard } from './dashboard.js';
import type { StudioSettings } from './settings.js';
import type { IntegrationStatus } from './virtual-accounts.js';
import type { BankStatementSummary, StatementLine } from './bank-statements.js';
import type { MyEarnings, PayRun } from './pay.js';
import type { Certificate, CertificateDetail, OverdueTrainee } from './trainee-plans.js';
import type { RegisterRow, Statement } from './trainee-answers.js';
import type { FinancePeriodRow, FinanceSummary } from './resources/finances.js';
import type { Client, ClientDuplicate, ClientHistory, ClientMergeRecord } from './resources/clients.js';
import type { Product, StockTransferResult } from './resources/products.js';
import type { SupplierPayables } from './resources/suppliers.js';
import type { Order, StaffPerformanceRow } from './resources/orders.js';
import type { Appointment } from './resources/appointments.js';
import type { User } from './resources/users.js';

/**
 * The route table (decision 037): what each call answers, by method and path template (`{name}` is a path segment),
 * as the `data` of its envelope. The web client's verbs take a template from here and answer its type
 * (`api.get(route('/api/pay-runs/{id}', { id }))` is a `PayRun`), so a screen that reads a field its answer lacks
 * fails `tsc`. A resource's generic calls (list, one record, search, usage, payments) are typed from its declaration
 * instead (apps/web/src/lib/resource-calls.ts). A call missing here cannot be made through the verbs: add its line.
 */
export interface ApiAnswers {
  'POST /api/logout-others': { message: string; signed_out: number };
  'PUT /api/users/password/{id}': unknown;
  'GET /api/users': User[];
  'GET /api/users/{id}': User;
  'POST /api/users': User;
  'GET /api/integrations/paystack': IntegrationStatus;
  'PUT /api/integrations/paystack': IntegrationStatus;
  'GET /api/settings': StudioSettings;
  'PUT /api/settings': StudioSettings;
  'GET /api/dashboard': Dashboard;
  'GET /api/digest': Digest;
  'GET /api/gift-vouchers': GiftVoucher[];
  'GET /api/prepaid/liability': PrepaidLiability;
  'GET /api/clients/{id}/packages': ClientPackage[];
  'GET /api/clients/{id}/touch-ups': TouchUpPlan[];
  'GET /api/pay-runs': PayRun[];
  'GET /api/pay-runs/{id}': PayRun;
  'POST /api/pay-runs': PayRun;
  'POST /api/pay-runs/{id}/close': PayRun;
  'GET /api/my-earnings/{from}/{to}': MyEarnings;
  'GET /api/{kind}/{id}/statement': Statement;
  'GET /api/{kind}/{id}/certificates': CertificateDetail[];
  'POST /api/{kind}/{id}/certificate': Certificate;
  'POST /api/certificates/{serial}/revoke': CertificateDetail;
  'GET /api/attendance/register': RegisterRow[];
  'GET /api/{kind}-overdue': OverdueTrainee[];
  'GET /api/finances/categories': { income: string[]; expense: string[] };
  'GET /api/finances/summary-range/{from}/{to}': FinanceSummary;
  'GET /api/finances/summary-{unit}/{from}/{to}': FinancePeriodRow[];
  'GET /api/clients/{id}/credit': ClientCredit;
  /** Everything the studio holds on a client (NDPA export): a document to save, not read field by field. */
  'GET /api/clients/{id}/export': unknown;
  'GET /api/clients/{id}/duplicates': ClientDuplicate[];
  'GET /api/clients/{id}/merges': ClientMergeRecord[];
  'POST /api/clients/merge': unknown;
  'POST /api/clients/merges/{id}/undo': unknown;
  'POST /api/clients/{id}/erase': unknown;
  'GET /api/clients/{id}/history': ClientHistory;
  'GET /api/clients/by-phone/{phone}': Client | null;
  'GET /api/clients/{id}/last-purchase': Order | null;
  'GET /api/appointments/{id}': Appointment;
  'POST /api/appointments/{id}/checkout': Order;
  'GET /api/products': Product[];
  'POST /api/products': Product;
  'DELETE /api/products/{id}': { id: number };
  'PUT /api/products/quantity/{id}': Product;
  'POST /api/stock-transfers': StockTransferResult;
  'GET /api/suppliers/{id}/payables': SupplierPayables;
  'GET /api/bank-statements': BankStatementSummary[];
  'GET /api/bank-statements/{id}/lines': StatementLine[];
  'GET /api/bank-statements/unmatched': StatementLine[];
  'POST /api/bank-statements/{id}/lines/{line}/confirm': StatementLine;
  'POST /api/bank-statements/{id}/lines/{line}/reject': StatementLine;
  'POST /api/orders': Order;
  'GET /api/orders': Order[];
  'GET /api/orders/getmonth/{month}/{outlet}': Order[];
  'GET /api/orders/{id}': Order;
  'PUT /api/orders/{id}': Order;
  'GET /api/staff-performances/{from}/{to}': StaffPerformanceRow[];
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** The path templates of one method: `ApiRoute<'GET'>` is `'/api/dashboard' | '/api/pay-runs/{id}' | ...`. */
export type ApiRoute<M extends ApiMethod> = keyof ApiAnswers extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never;
/** What a call answers (its envelope's `data`). */
export type ApiAnswer<M extends ApiMethod, P extends string> = `${M} ${P}` extends keyof ApiAnswers ? ApiAnswers[`${M} ${P}`] : never;
/** The `{name}`s of a path template. */
export type RouteParamNames<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? K | RouteParamNames<Rest> : never;
export type RouteParams<P extends string> = Record<RouteParamNames<P>, string | number>;

/** A template filled in (each value URL-encoded); it keeps the template in its type, so the verb knows the answer. */
export type RoutePath<P extends string> = string & { readonly __route: P };

/** `route('/api/pay-runs/{id}', { id: 4 })` → `/api/pay-runs/4`, typed as that template's path. */
export function route<P extends string>(template: P, params: RouteParams<P>): RoutePath<P> {
  return template.replace(/\{([A-Za-z_]+)\}/g, (_, key: string) => encodeURIComponent(String((params as Record<string, string | number>)[key]))) as RoutePath<P>;
}
