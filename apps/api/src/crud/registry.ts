import type { CrudModule } from './define-crud-module.js';
import { usersModule } from '../resources/users/users.module.js';
import { trainingProgramsModule } from '../resources/training-programs/training-programs.module.js';
import { trainingSessionsModule } from '../resources/training-sessions/training-sessions.module.js';
import { extraProgramsModule } from '../resources/extra-programs/extra-programs.module.js';
import { bridalPackagesModule } from '../resources/bridal-packages/bridal-packages.module.js';
import { productsModule } from '../resources/products/products.module.js';
import { bridalBookingsModule } from '../resources/bridal-bookings/bridal-bookings.module.js';
import { hostelStudentsModule, officeStudentsModule, studentsModule } from '../resources/trainees/trainees.module.js';
import { financesModule } from '../resources/finances/finances.module.js';
import { clientsModule } from '../resources/clients/clients.module.js';
import { appointmentsModule } from '../resources/appointments/appointments.module.js';
import { suppliersModule } from '../resources/suppliers/suppliers.module.js';
import { commissionRulesModule } from '../resources/commission-rules/commission-rules.module.js';
import { servicePackagesModule } from '../resources/service-packages/service-packages.module.js';
import type { AnyTable } from './define-crud-module.js';
import type { CrudRegistry } from './register-crud-routes.js';
import { clientOwnedOf } from './personal-data.js';
import { offlineReviewsPersonal, ordersClientOwned } from '../features/pos/orders.personal.js';
import { providerEventsPersonal } from '../features/integrations/integrations.personal.js';
import { clientPackagesClientOwned, creditLinesClientOwned, giftVouchersClientOwned } from '../features/prepaid/prepaid.personal.js';

/** Every module served by the generic CRUD routes. */
export const crudModules = [usersModule, trainingProgramsModule, trainingSessionsModule, extraProgramsModule, bridalPackagesModule, productsModule, bridalBookingsModule, studentsModule, officeStudentsModule, hostelStudentsModule, financesModule, clientsModule, appointmentsModule, suppliersModule, commissionRulesModule, servicePackagesModule] as unknown as CrudModule[];

/** Every table whose records belong to a client: the modules' declared ones and the till's sales. */
const clientOwned = clientOwnedOf(crudModules, [ordersClientOwned, giftVouchersClientOwned, creditLinesClientOwned, clientPackagesClientOwned]);

/** Tables by resource name and who refers to whom, from the shared declarations' `references`. */
export const crudRegistry: CrudRegistry = {
  tableOf: (name: string): AnyTable | undefined => crudModules.find((m) => m.resource.name === name)?.table,
  clientOwned: () => clientOwned,
  personalStores: () => [offlineReviewsPersonal, providerEventsPersonal],
  referrers: (name: string) =>
    crudModules.flatMap((module) => {
      const { resource } = module;
      const fields = Object.entries(resource.references).filter(([, target]) => target === name).map(([field]) => field);
      return fields.flatMap((field) => [
        { table: module.table, field, name: resource.name, singular: resource.singular, label: resource.label },
        // the same reference kept on another table of the module's (a restock's supplier on its stock movement)
        ...module.referencesAlsoIn.filter((c) => field in c.table).map((c) => ({ table: c.table, field, name: c.name, singular: c.singular, label: c.label })),
      ]);
    }),
};
