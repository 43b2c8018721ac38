export { usersTable, apiTokensTable } from '../resources/users/users.table.js';
export { trainingProgramsTable } from '../resources/training-programs/training-programs.table.js';
export { trainingSessionsTable } from '../resources/training-sessions/training-sessions.table.js';
export { extraProgramsTable } from '../resources/extra-programs/extra-programs.table.js';
export { bridalPackagesTable } from '../resources/bridal-packages/bridal-packages.table.js';
export { bridalBookingsTable, bridalBookingPaymentsTable } from '../resources/bridal-bookings/bridal-bookings.table.js';
export {
  studentsTable,
  studentPaymentsTable,
  officeStudentsTable,
  officeStudentPaymentsTable,
  hostelStudentsTable,
  hostelStudentPaymentsTable,
} from '../resources/trainees/trainees.table.js';
export { traineeInstalmentsTable, traineeAttendanceTable, traineeCertificatesTable } from '../resources/trainees/trainee-plans.table.js';
export { financesTable } from '../resources/finances/finances.table.js';
export { dailyTotalsTable } from '../features/finances/daily-totals.table.js';
export { activityLogTable } from '../plugins/activity-log.table.js';
export { productRemovalsTable, productsTable, stockMovementsTable } from '../resources/products/products.table.js';
export { ordersTable, orderItemsTable, orderPaymentsTable, orderRefundsTable, orderRefundItemsTable, invoiceCountersTable, orderCountsTable, orderNamesTable, orderBalancePaymentsTable } from '../features/pos/orders.table.js';
export { loginThrottleTable } from '../features/auth/login-throttle.table.js';
export { dayClosesTable, dayCloseCountsTable } from '../features/pos/day-close.table.js';
export { offlineReviewsTable, devicesTable } from '../features/pos/offline.table.js';
export { settingsTable } from '../features/settings/settings.table.js';
export { idempotencyKeysTable } from '../crud/idempotency.table.js';
export { clientsTable } from '../resources/clients/clients.table.js';
export { clientMergesTable } from '../resources/clients/client-merges.table.js';
export { appointmentsTable, appointmentPaymentsTable } from '../resources/appointments/appointments.table.js';
export { suppliersTable, supplierPayablesTable } from '../resources/suppliers/suppliers.table.js';
export { commissionRulesTable } from '../resources/commission-rules/commission-rules.table.js';
export { servicePackagesTable } from '../resources/service-packages/service-packages.table.js';
export { duesRemindersTable } from '../features/reminders/reminders.table.js';
export { bankStatementsTable, bankStatementLinesTable, bankColumnMapsTable } from '../features/bank-statements/bank-statements.table.js';
export { integrationsTable, virtualAccountsTable, providerEventsTable } from '../features/integrations/integrations.table.js';
export { payRunsTable, payRunLinesTable, payRunSourcesTable } from '../features/pay/pay-runs.table.js';
export { clientPackagesTable, giftVouchersTable, prepaidLinesTable } from '../features/prepaid/prepaid.table.js';
