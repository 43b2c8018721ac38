import { trainingPrograms } from '@studio/shared';
import { defineCrudModule } from '../../crud/define-crud-module.js';
import { trainingProgramsTable } from './training-programs.table.js';

export const trainingProgramsModule = defineCrudModule({ resource: trainingPrograms, table: trainingProgramsTable });
