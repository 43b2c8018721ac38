import { trainingSessions } from '@studio/shared';
import { defineCrudModule } from '../../crud/define-crud-module.js';
import { invalidField } from '../../plugins/errors.js';
import { trainingSessionsTable } from './training-sessions.table.js';

export const trainingSessionsModule = defineCrudModule({
  resource: trainingSessions,
  table: trainingSessionsTable,
  hooks: {
    /** The schema checks the dates a body carries; a PUT naming only one of them is checked against the stored other. */
    beforeUpdate(input, existing) {
      const start = input.start_date ?? existing.start_date;
      const end = input.end_date ?? existing.end_date;
      if (end < start) throw invalidField('end_date', 'The end date must be on or after the start date.');
      return input;
    },
  },
});
