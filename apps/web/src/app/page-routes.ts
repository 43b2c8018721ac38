import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { ADMIN_HOME, BANK_STATEMENTS_PATH, PAYMENT_REMINDERS_PATH, TRANSFERS_PATH } from '../lib/config';
import { type Preloadable, preloadable } from '../lib/preloadable';

export type PageProps = { title: string };
/** A page's component, loaded when first drawn or earlier by `preload`, and drawn at once when it has come. */
type Page = Preloadable<PageProps>;

/** A lazily loaded page whose chunk can also be fetched ahead of its first drawing (`preload`, once). */
export const lazyPage = (load: () => Promise<ComponentType<PageProps>>): Page => preloadable(load);

/** Who may open a route: every signed-in staff member, or admins only (staff are sent to their till). */
export type Access = 'staff' | 'admin';

/**
 * Where a page sits in one role's menu: `in` is a group or a top-level slot of the menu's outline
 * (app/shell/menu.ts), `title` the link's words when they differ from the page title (a till under
 * "Point of Sales" reads "Makeup"). Within a group, links follow the order of PAGE_ROUTES.
 */
export interface MenuPlace {
  in: string;
  title?: string;
}

export interface PageRoute {
  path: string;
  /** The menu title (spec §2), shown as the page title. */
  title: string;
  access: Access;
  page: Page;
  /**
   * Its place in each role's menu. Every page says it for each role that may open it: a place, or `null` when
   * spec §2 leaves it out of that menu (an admin opens "My Performance" by its address only). menu.test.ts checks it.
   */
  menu: { admin: MenuPlace | null; staff?: MenuPlace | null };
}

// Every page is its own chunk: /auth/login never downloads tables, forms or charts.
const Pos: Page = lazyPage(() => import('../features/pos/pos.page').then((m) => m.PosPage));
const Dashboard: Page = lazyPage(() => import('../features/dashboard/dashboard.page').then((m) => m.DashboardPage));
const Users: Page = lazyPage(() => import('../features/users/users.page').then((m) => m.UsersPage));
const TrainingPrograms: Page = lazyPage(() => import('../features/training-programs/training-programs.ui').then((m) => m.TrainingProgramsPage));
const TrainingSessions: Page = lazyPage(() => import('../features/training-sessions/training-sessions.ui').then((m) => m.TrainingSessionsPage));
const ManageBookings: Page = lazyPage(() => import('../features/bridal-bookings/bridal-bookings.ui').then((m) => m.ManageBookingsPage));
const BridalPackages: Page = lazyPage(() => import('../features/bridal-packages/bridal-packages.ui').then((m) => m.BridalPackagesPage));
const PmuPackages: Page = lazyPage(() => import('../features/extra-programs/extra-programs.ui').then((m) => m.PmuPackagesPage));
const HostelPricing: Page = lazyPage(() => import('../features/extra-programs/extra-programs.ui').then((m) => m.HostelPricingPage));
const invoicesPage = (outlet: 'store' | 'office' | 'salon'): Page => lazyPage(() => import('../features/invoices/invoices.page').then((m) => m.INVOICES_PAGES[outlet]));
const StaffPerformances: Page = lazyPage(() => import('../features/performance/staff-performances.page').then((m) => m.StaffPerformancesPage));
const MyPerformance: Page = lazyPage(() => import('../features/performance/my-performance.page').then((m) => m.MyPerformancePage));
const students = () => import('../features/trainees/students.ui');
const officeStudents = () => import('../features/trainees/office-students.ui');
const hostelStudents = () => import('../features/trainees/hostel-students.ui');
const MakeupStudents: Page = lazyPage(() => students().then((m) => m.MakeupStudentsPage));
const MakeupInSession: Page = lazyPage(() => students().then((m) => m.MakeupStudentsInSessionPage));
const MakeupOwing: Page = lazyPage(() => students().then((m) => m.MakeupStudentsOwingPage));
const OfficeStudents: Page = lazyPage(() => officeStudents().then((m) => m.OfficeStudentsPage));
const OfficeInSession: Page = lazyPage(() => officeStudents().then((m) => m.OfficeStudentsInSessionPage));
const OfficeOwing: Page = lazyPage(() => officeStudents().then((m) => m.OfficeStudentsOwingPage));
const ManageHostel: Page = lazyPage(() => hostelStudents().then((m) => m.ManageHostelPage));
const HostelInSession: Page = lazyPage(() => hostelStudents().then((m) => m.HostelInSessionPage));
const HostelVacated: Page = lazyPage(() => hostelStudents().then((m) => m.HostelVacatedPage));
const clientsUi = () => import('../features/clients/clients.ui');
const appointmentsUi = () => import('../features/clients/appointments.ui');
const Clients: Page = lazyPage(() => clientsUi().then((m) => m.ClientsPage));
const Client: Page = lazyPage(() => clientsUi().then((m) => m.ClientPage));
const AppointmentBook: Page = lazyPage(() => appointmentsUi().then((m) => m.AppointmentBookPage));
const Reminders: Page = lazyPage(() => appointmentsUi().then((m) => m.RemindersPage));
const DailyDigest: Page = lazyPage(() => import('../features/digest/digest.page').then((m) => m.DigestPage));
const IncomeExpenses: Page = lazyPage(() => import('../features/finances/income-expenses.page').then((m) => m.IncomeExpensesPage));
const Transfers: Page = lazyPage(() => import('../features/transfers/transfers.page').then((m) => m.TransfersPage));
const BankStatements: Page = lazyPage(() => import('../features/transfers/bank-statements.page').then((m) => m.BankStatementsPage));
const PaymentReminders: Page = lazyPage(() => import('../features/reminders/payment-reminders.page').then((m) => m.PaymentRemindersPage));
const traineePlans = () => import('../features/trainees/trainee-plan.page');
const TraineePlan: Page = lazyPage(() => traineePlans().then((m) => m.TraineePlanPage));
const TraineeStatement: Page = lazyPage(() => traineePlans().then((m) => m.TraineeStatementPage));
const TraineeCertificate: Page = lazyPage(() => traineePlans().then((m) => m.TraineeCertificatePage));
const ClassRegister: Page = lazyPage(() => traineePlans().then((m) => m.ClassRegisterPage));
const OverdueTrainees: Page = lazyPage(() => traineePlans().then((m) => m.OverdueTraineesPage));
const GiftVouchers: Page = lazyPage(() => import('../features/prepaid/gift-vouchers.page').then((m) => m.GiftVouchersPage));
const Suppliers: Page = lazyPage(() => import('../features/suppliers/suppliers.ui').then((m) => m.SuppliersPage));
const PayRuns: Page = lazyPage(() => import('../features/pay/pay-runs.page').then((m) => m.PayRunsPage));
const Payslip: Page = lazyPage(() => import('../features/pay/payslip.page').then((m) => m.PayslipPage));
const MyEarnings: Page = lazyPage(() => import('../features/pay/my-earnings.page').then((m) => m.MyEarningsPage));
const CommissionRules: Page = lazyPage(() => import('../features/commission-rules/commission-rules.ui').then((m) => m.CommissionRulesPage));
const ServicePackages: Page = lazyPage(() => import('../features/service-packages/service-packages.ui').then((m) => m.ServicePackagesPage));

const OUTLET_WORDS = { store: 'Makeup', office: 'PMU', salon: 'Salon' } as const;
const outlets = Object.keys(OUTLET_WORDS) as (keyof typeof OUTLET_WORDS)[];

const both = (place: MenuPlace) => ({ admin: place, staff: place });

/**
 * Every page, with its place in both menus (spec §2): the routes and the two menus are derived from this list.
 * Adding a page is one entry here (and its place in the menu outline, app/shell/menu.ts, when it opens a new group).
 */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: ADMIN_HOME, title: 'Dashboard', access: 'admin', page: Dashboard, menu: { admin: { in: 'dashboard' } } },
  ...outlets.map((o): PageRoute => ({ path: `/dashboard/point-of-sales/${o}`, title: `Point of Sales (${OUTLET_WORDS[o]})`, access: 'staff', page: Pos, menu: both({ in: 'Point of Sales', title: OUTLET_WORDS[o] }) })),
  ...outlets.map((o): PageRoute => ({ path: `/invoices/product-invoices/${o}`, title: `Invoices (${OUTLET_WORDS[o]})`, access: 'staff', page: invoicesPage(o), menu: both({ in: 'Invoices', title: OUTLET_WORDS[o] }) })),
  { path: '/invoices/staff-performances', title: 'Staff Performances', access: 'admin', page: StaffPerformances, menu: { admin: { in: 'Invoices' } } },
  { path: '/invoices/my-performance', title: 'My Performance', access: 'staff', page: MyPerformance, menu: { admin: null, staff: { in: 'Invoices' } } },
  { path: '/invoices/my-earnings', title: 'My earnings', access: 'staff', page: MyEarnings, menu: { admin: null, staff: { in: 'Invoices' } } },
  { path: '/students/makeup/list', title: 'Makeup Students', access: 'admin', page: MakeupStudents, menu: { admin: { in: 'Students' } } },
  { path: '/students/makeup/insession', title: 'Makeup Students (In Session)', access: 'staff', page: MakeupInSession, menu: { admin: null, staff: { in: 'Makeup Students', title: 'In Session' } } },
  { path: '/students/makeup/owe', title: 'Makeup Students (Owing)', access: 'staff', page: MakeupOwing, menu: { admin: null, staff: { in: 'Makeup Students', title: 'Owing' } } },
  { path: '/students/office-students/list', title: 'Office Students', access: 'admin', page: OfficeStudents, menu: { admin: { in: 'Students' } } },
  { path: '/students/office-students/insession', title: 'Office Students (In Session)', access: 'staff', page: OfficeInSession, menu: { admin: null, staff: { in: 'Office Students', title: 'In Session' } } },
  { path: '/students/office-students/owing', title: 'Office Students (Owing)', access: 'staff', page: OfficeOwing, menu: { admin: null, staff: { in: 'Office Students', title: 'Owing' } } },
  // issue 33: the class register (a phone at the class), who is late on an instalment, a trainee's plan and printouts
  { path: '/students/register', title: 'Class Register', access: 'staff', page: ClassRegister, menu: { admin: { in: 'Students' }, staff: { in: 'Makeup Students', title: 'Class Register' } } },
  { path: '/students/overdue', title: 'Overdue Instalments', access: 'staff', page: OverdueTrainees, menu: { admin: { in: 'Students' }, staff: { in: 'Makeup Students', title: 'Overdue' } } },
  { path: '/students/plan/:kind/:id', title: 'Plan & Attendance', access: 'staff', page: TraineePlan, menu: { admin: null, staff: null } },
  { path: '/students/plan/:kind/:id/statement', title: 'Fee Statement', access: 'staff', page: TraineeStatement, menu: { admin: null, staff: null } },
  { path: '/students/plan/:kind/:id/certificate/:serial', title: 'Certificate', access: 'admin', page: TraineeCertificate, menu: { admin: null, staff: null } },
  // view-only for staff (no cost prices, no write buttons; the API refuses their writes anyway)
  ...outlets.map((o): PageRoute => ({
    path: `/products/manage/${o}`,
    title: `${OUTLET_WORDS[o]} Products`,
    access: 'staff',
    page: lazyPage(() => import('../features/products/products.page').then((m) => m.productPages[o])),
    menu: both({ in: 'Products' }),
  })),
  { path: '/products/suppliers', title: 'Suppliers', access: 'admin', page: Suppliers, menu: { admin: { in: 'Products' } } },
  // clients and the appointment book (issue 21): staff serve clients too
  { path: '/appointments/book', title: 'Appointments', access: 'staff', page: AppointmentBook, menu: both({ in: 'Clients' }) },
  { path: '/appointments/reminders', title: 'Reminders', access: 'staff', page: Reminders, menu: both({ in: 'Clients' }) },
  { path: '/clients/list', title: 'Clients', access: 'staff', page: Clients, menu: both({ in: 'Clients' }) },
  // a client's page, opened from the list, the book or the till (no menu link)
  { path: '/clients/:id', title: 'Client', access: 'staff', page: Client, menu: { admin: null, staff: null } },
  // value sold before the service (issue 31): the admin sells, lists and prints vouchers; the till redeems them
  { path: '/finances/gift-vouchers', title: 'Gift vouchers', access: 'admin', page: GiftVouchers, menu: { admin: { in: 'income' } } },
  { path: '/finances/income-expenses', title: 'Income & Expenses', access: 'admin', page: IncomeExpenses, menu: { admin: { in: 'income' } } },
  { path: '/finances/service-packages', title: 'Service packages', access: 'admin', page: ServicePackages, menu: { admin: { in: 'income' } } },
  // issue 30, item 5: the owner's daily digest, exceptions first (decision 042)
  { path: '/finances/daily-digest', title: 'Daily digest', access: 'admin', page: DailyDigest, menu: { admin: { in: 'income' } } },
  { path: TRANSFERS_PATH, title: 'Transfers to confirm', access: 'admin', page: Transfers, menu: { admin: { in: 'transfers' } } },
  // opened from Transfers to confirm (its Import a bank statement button)
  { path: BANK_STATEMENTS_PATH, title: 'Bank statements', access: 'admin', page: BankStatements, menu: { admin: null, staff: null } },
  { path: PAYMENT_REMINDERS_PATH, title: 'Payment reminders', access: 'admin', page: PaymentReminders, menu: { admin: { in: 'payment-reminders' } } },
  { path: '/users/hostel-users', title: 'Manage Hostel', access: 'admin', page: ManageHostel, menu: { admin: { in: 'hostel' } } },
  { path: '/users/hostel-users/insession', title: 'Hostel (In Session)', access: 'staff', page: HostelInSession, menu: { admin: null, staff: { in: 'Hostel', title: 'In Session' } } },
  { path: '/users/hostel-users/owing', title: 'Hostel (Vacated)', access: 'staff', page: HostelVacated, menu: { admin: null, staff: { in: 'Hostel', title: 'Vacated' } } },
  { path: '/bookings/manage', title: 'Manage Bookings', access: 'admin', page: ManageBookings, menu: { admin: { in: 'Bookings' } } },
  { path: '/users/profile-list', title: 'Manage Staff', access: 'admin', page: Users, menu: { admin: { in: 'staff' } } },
  { path: '/staff/commission-rules', title: 'Commission rules', access: 'admin', page: CommissionRules, menu: { admin: { in: 'staff' } } },
  // staff pay (issue 32): the runs, a payslip opened from a run (no menu link)
  { path: '/staff/pay-runs', title: 'Pay runs', access: 'admin', page: PayRuns, menu: { admin: { in: 'staff' } } },
  { path: '/staff/pay-runs/:id/payslip/:staffId', title: 'Payslip', access: 'admin', page: Payslip, menu: { admin: null, staff: null } },
  { path: '/programs/list-types', title: 'Program Types', access: 'admin', page: TrainingPrograms, menu: { admin: { in: 'Settings' } } },
  { path: '/training-session/list-sessions', title: 'Training Sessions', access: 'admin', page: TrainingSessions, menu: { admin: { in: 'Settings' } } },
  { path: '/bookings/packages', title: 'Booking Packages', access: 'admin', page: BridalPackages, menu: { admin: { in: 'Bookings' } } },
  { path: '/programs/extra-list/office', title: 'PMU Packages', access: 'admin', page: PmuPackages, menu: { admin: { in: 'Settings' } } },
  { path: '/programs/extra-list/hostel', title: 'Hostel Pricing', access: 'admin', page: HostelPricing, menu: { admin: { in: 'Settings' } } },
];

/**
 * Starts fetching the chunk of the page at `pathname` (the one the app opens on), so that it comes with the shell's
 * chunk instead of after the shell has been drawn: one round trip less before a signed-in start shows its page
 * (issue 20, item 5: the dashboard on a phone). Settles when the chunk has come or failed (at once for an address
 * that is no page's); a failed fetch is left to the page's own loading to report.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const route = PAGE_ROUTES.find((r) => matchPath(r.path, pathname));
  return route ? route.page.preload().catch(() => undefined) : Promise.resolve();
}
