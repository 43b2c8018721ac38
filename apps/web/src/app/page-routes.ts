import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { ADMIN_HOME } from '../lib/config';

export type PageProps = { title: string };
type Page = LazyExoticComponent<ComponentType<PageProps>>;

/** Who may open a route: every signed-in staff member, or admins only (staff are sent to their till). */
export type Access = 'staff' | 'admin';

export interface PageRoute {
  path: string;
  /** The menu title (spec §2), shown as the page title. */
  title: string;
  access: Access;
  page: Page;
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
const IncomeExpenses: Page = lazy(() => import('../features/finances/income-expenses.page').then((m) => ({ default: m.IncomeExpensesPage })));

const OUTLET_WORDS = { store: 'Makeup', office: 'PMU', salon: 'Salon' } as const;
const outlets = Object.keys(OUTLET_WORDS) as (keyof typeof OUTLET_WORDS)[];

/** Every screen of both menus (spec §2). */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: ADMIN_HOME, title: 'Dashboard', access: 'admin', page: Dashboard },
  ...outlets.map((o): PageRoute => ({ path: `/dashboard/point-of-sales/${o}`, title: `Point of Sales (${OUTLET_WORDS[o]})`, access: 'staff', page: Pos })),
  ...outlets.map((o): PageRoute => ({ path: `/invoices/product-invoices/${o}`, title: `Invoices (${OUTLET_WORDS[o]})`, access: 'staff', page: invoicesPage(o) })),
  { path: '/invoices/staff-performances', title: 'Staff Performances', access: 'admin', page: StaffPerformances },
  { path: '/invoices/my-performance', title: 'My Performance', access: 'staff', page: MyPerformance },
  { path: '/students/makeup/list', title: 'Makeup Students', access: 'admin', page: MakeupStudents },
  { path: '/students/makeup/insession', title: 'Makeup Students (In Session)', access: 'staff', page: MakeupInSession },
  { path: '/students/makeup/owe', title: 'Makeup Students (Owing)', access: 'staff', page: MakeupOwing },
  { path: '/students/office-students/list', title: 'Office Students', access: 'admin', page: OfficeStudents },
  { path: '/students/office-students/insession', title: 'Office Students (In Session)', access: 'staff', page: OfficeInSession },
  { path: '/students/office-students/owing', title: 'Office Students (Owing)', access: 'staff', page: OfficeOwing },
  // view-only for staff (no cost prices, no write buttons; the API refuses their writes anyway)
  ...outlets.map((o): PageRoute => ({ path: `/products/manage/${o}`, title: `${OUTLET_WORDS[o]} Products`, access: 'staff', page: lazy(() => import('../features/products/products.page').then((m) => ({ default: m.productPages[o] }))) })),
  { path: '/finances/income-expenses', title: 'Income & Expenses', access: 'admin', page: IncomeExpenses },
  { path: '/users/hostel-users', title: 'Manage Hostel', access: 'admin', page: ManageHostel },
  { path: '/users/hostel-users/insession', title: 'Hostel (In Session)', access: 'staff', page: HostelInSession },
  { path: '/users/hostel-users/owing', title: 'Hostel (Vacated)', access: 'staff', page: HostelVacated },
  { path: '/bookings/manage', title: 'Manage Bookings', access: 'admin', page: ManageBookings },
  { path: '/users/profile-list', title: 'Manage Staff', access: 'admin', page: Users },
  { path: '/programs/list-types', title: 'Program Types', access: 'admin', page: TrainingPrograms },
  { path: '/training-session/list-sessions', title: 'Training Sessions', access: 'admin', page: TrainingSessions },
  { path: '/bookings/packages', title: 'Booking Packages', access: 'admin', page: BridalPackages },
  { path: '/programs/extra-list/office', title: 'PMU Packages', access: 'admin', page: PmuPackages },
  { path: '/programs/extra-list/hostel', title: 'Hostel Pricing', access: 'admin', page: HostelPricing },
];

export function findPageRoute(path: string): PageRoute | undefined {
  return PAGE_ROUTES.find((r) => r.path === path);
}

