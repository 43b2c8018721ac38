import type { CrudModule } from './define-crud-module.js';
import { usersModule } from '../resources/users/users.module.js';
import { trainingProgramsModule } from '../resources/training-programs/training-programs.module.js';
import { trainingSessionsModule } from '../resources/training-sessions/training-sessions.module.js';
import { extraProgramsModule } from '../resources/extra-programs/extra-programs.module.js';
import { bridalPackagesModule } from '../resources/bridal-packages/bridal-packages.module.js';
import { productsModule } from '../resources/products/products.module.js';

/** Every module served by the generic CRUD routes. */
export const crudModules = [usersModule, trainingProgramsModule, trainingSessionsModule, extraProgramsModule, bridalPackagesModule, productsModule] as unknown as CrudModule[];
