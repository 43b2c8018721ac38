import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { ADMIN_HOME, PAYMENT_REMINDERS_PATH, TRANSFERS_PATH } from '../lib/config';

export type PageProps = { title: string };
type Page = LazyExoticComponent<ComponentType<PageProps>>;

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
const Pos: Page = lazy(() => import('../features/pos/pos.page').then((m) => ({ default: m.PosPage })));
const Dashboard: Page = lazy(() => import('../features/dashboard/dashboard.page').then((m) => ({ default: m.DashboardPage })));
const Users: Page = lazy(() => import('../features/users/users.page').then((m) => ({ default: m.UsersPage })));
const TrainingPrograms: Page = lazy(() => import('../features/training-programs/training-programs.ui').then((m) => ({ default: m.TrainingProgramsPage })));
const TrainingSessions: Page = lazy(() => import('../features/training-sessions/training-sessions.ui').then((m) => ({ default: m.TrainingSessionsPage })));
const ManageBookings: Page = lazy(() => import('../features/bridal-bookings/bridal-bookings.ui').then((m) => ({ default: m.ManageBookingsPage })));
const BridalPackages: Page = lazy(() => import('../features/bridal-packages/bridal-packages.ui').then((m) => ({ default: m.BridalPackagesPage })));
const PmuPackages: Page = lazy(() => import('../features/extra-programs/extra-programs.ui').then((m) => ({ default: m.PmuPackagesPage })));
const HostelPricing: Page = lazy(() => import('../features/extra-programs/extra-programs.ui').then((m) => ({ default: m.HostelPricingPage })));
const invoicesPage = (outlet: 'store' | 'office' | 'salon'): Page => lazy(() => import('../features/invoices/invoices.page').then((m) => ({ default: m.INVOICES_PAGES[outlet] })));
const StaffPerformances: Page = lazy(() => import('../features/performance/staff-performances.page').then((m) => ({ default: m.StaffPerformancesPage })));
const MyPerformance: Page = lazy(() => import('../features/performance/my-performance.page').then((m) => ({ default: m.MyPerformancePage })));
const students = () => import('../features/trainees/students.ui');
const officeStudents = () => import('../features/trainees/office-students.ui');
const hostelStudents = () => import('../features/trainees/hostel-students.ui');
const MakeupStudents: Page = lazy(() => students().then((m) => ({ default: m.MakeupStudentsPage })));
const MakeupInSession: Page = lazy(() => students().then((m) => ({ default: m.MakeupStudentsInSessionPage })));
const MakeupOwing: Page = lazy(() => students().then((m) => ({ default: m.MakeupStudentsOwingPage })));
const OfficeStudents: Page = lazy(() => officeStudents().then((m) => ({ default: m.OfficeStudentsPage })));
const OfficeInSession: Page = lazy(() => officeStudents().then((m) => ({ default: m.OfficeStudentsInSessionPage })));
const OfficeOwing: Page = lazy(() => officeStudents().then((m) => ({ default: m.OfficeStudentsOwingPage })));
const ManageHostel: Page = lazy(() => hostelStudents().then((m) => ({ default: m.ManageHostelPage })));
const HostelInSession: Page = lazy(() => hostelStudents().then((m) => ({ default: m.HostelInSessionPage })));
const HostelVacated: Page = lazy(() => hostelStudents().then((m) => ({ default: m.HostelVacatedPage })));
const clientsUi = () => import('../features/clients/clients.ui');
const appointmentsUi = () => import('../features/clients/appointments.ui');
const Clients: Page = lazy(() => clientsUi().then((m) => ({ default: m.ClientsPage })));
const Client: Page = lazy(() => clientsUi().then((m) => ({ default: m.ClientPage })));
const AppointmentBook: Page = lazy(() => appointmentsUi().then((m) => ({ default: m.AppointmentBookPage })));
const Reminders: Page = lazy(() => appointmentsUi().then((m) => ({ default: m.RemindersPage })));
const IncomeExpenses: Page = lazy(() => import('../features/finances/income-expenses.page').then((m) => ({ default: m.IncomeExpensesPage })));
const Transfers: Page = lazy(() => import('../features/transfers/transfers.page').then((m) => ({ default: m.TransfersPage })));
const PaymentReminders: Page = lazy(() => import('../features/reminders/payment-reminders.page').then((m) => ({ default: m.PaymentRemindersPage })));
const Suppliers: Page = lazy(() => import('../features/suppliers/suppliers.ui').then((m) => ({ default: m.SuppliersPage })));

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
  { path: '/students/makeup/list', title: 'Makeup Students', access: 'admin', page: MakeupStudents, menu: { admin: { in: 'Students' } } },
  { path: '/students/makeup/insession', title: 'Makeup Students (In Session)', access: 'staff', page: MakeupInSession, menu: { admin: null, staff: { in: 'Makeup Students', title: 'In Session' } } },
  { path: '/students/makeup/owe', title: 'Makeup Students (Owing)', access: 'staff', page: MakeupOwing, menu: { admin: null, staff: { in: 'Makeup Students', title: 'Owing' } } },
  { path: '/students/office-students/list', title: 'Office Students', access: 'admin', page: OfficeStudents, menu: { admin: { in: 'Students' } } },
  { path: '/students/office-students/insession', title: 'Office Students (In Session)', access: 'staff', page: OfficeInSession, menu: { admin: null, staff: { in: 'Office Students', title: 'In Session' } } },
  { path: '/students/office-students/owing', title: 'Office Students (Owing)', access: 'staff', page: OfficeOwing, menu: { admin: null, staff: { in: 'Office Students', title: 'Owing' } } },
  // view-only for staff (no cost prices, no write buttons; the API refuses their writes anyway)
  ...outlets.map((o): PageRoute => ({
    path: `/products/manage/${o}`,
    title: `${OUTLET_WORDS[o]} Products`,
    access: 'staff',
    page: lazy(() => import('../features/products/products.page').then((m) => ({ default: m.productPages[o] }))),
    menu: both({ in: 'Products' }),
  })),
  { path: '/products/suppliers', title: 'Suppliers', access: 'admin', page: Suppliers, menu: { admin: { in: 'Products' } } },
  // clients and the appointment book (issue 21): staff serve clients too
  { path: '/appointments/book', title: 'Appointments', access: 'staff', page: AppointmentBook, menu: both({ in: 'Clients' }) },
  { path: '/appointments/reminders', title: 'Reminders', access: 'staff', page: Reminders, menu: both({ in: 'Clients' }) },
  { path: '/clients/list', title: 'Clients', access: 'staff', page: Clients, menu: both({ in: 'Clients' }) },
  // a client's page, opened from the list, the book or the till (no menu link)
  { path: '/clients/:id', title: 'Client', access: 'staff', page: Client, menu: { admin: null, staff: null } },
  { path: '/finances/income-expenses', title: 'Income & Expenses', access: 'admin', page: IncomeExpenses, menu: { admin: { in: 'income' } } },
  { path: TRANSFERS_PATH, title: 'Transfers to confirm', access: 'admin', page: Transfers, menu: { admin: { in: 'transfers' } } },
  { path: PAYMENT_REMINDERS_PATH, title: 'Payment reminders', access: 'admin', page: PaymentReminders, menu: { admin: { in: 'payment-reminders' } } },
  { path: '/users/hostel-users', title: 'Manage Hostel', access: 'admin', page: ManageHostel, menu: { admin: { in: 'hostel' } } },
  { path: '/users/hostel-users/insession', title: 'Hostel (In Session)', access: 'staff', page: HostelInSession, menu: { admin: null, staff: { in: 'Hostel', title: 'In Session' } } },
  { path: '/users/hostel-users/owing', title: 'Hostel (Vacated)', access: 'staff', page: HostelVacated, menu: { admin: null, staff: { in: 'Hostel', title: 'Vacated' } } },
  { path: '/bookings/manage', title: 'Manage Bookings', access: 'admin', page: ManageBookings, menu: { admin: { in: 'Bookings' } } },
  { path: '/users/profile-list', title: 'Manage Staff', access: 'admin', page: Users, menu: { admin: { in: 'staff' } } },
  { path: '/programs/list-types', title: 'Program Types', access: 'admin', page: TrainingPrograms, menu: { admin: { in: 'Settings' } } },
  { path: '/training-session/list-sessions', title: 'Training Sessions', access: 'admin', page: TrainingSessions, menu: { admin: { in: 'Settings' } } },
  { path: '/bookings/packages', title: 'Booking Packages', access: 'admin', page: BridalPackages, menu: { admin: { in: 'Bookings' } } },
  { path: '/programs/extra-list/office', title: 'PMU Packages', access: 'admin', page: PmuPackages, menu: { admin: { in: 'Settings' } } },
  { path: '/programs/extra-list/hostel', title: 'Hostel Pricing', access: 'admin', page: HostelPricing, menu: { admin: { in: 'Settings' } } },
];
