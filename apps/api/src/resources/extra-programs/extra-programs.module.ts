import { eq } from 'drizzle-orm';
import { extraPrograms } from '@studio/shared';
import { defineCrudModule } from '../../crud/define-crud-module.js';
import { invalidField } from '../../plugins/errors.js';
import { extraProgramsTable } from './extra-programs.table.js';

/** A hostel pricing has no instalment plan nor attendance (issue 33): only a PMU package (type office) may carry them. */
function onlyPmuPackagesHavePlans(row: { type: string; plan?: unknown; min_attendance_percent?: unknown }) {
  if (row.type !== 'hostel') return;
  if (row.plan != null) throw invalidField('plan', 'A hostel pricing has no instalment plan; only a PMU package does.');
  if (row.min_attendance_percent != null) throw invalidField('min_attendance_percent', 'A hostel pricing has no attendance minimum; only a PMU package does.');
}

export const extraProgramsModule = defineCrudModule({
  resource: extraPrograms,
  table: extraProgramsTable,
  lists: { list: ({ type }) => eq(extraProgramsTable.type, type) },
  hooks: {
    beforeCreate(input) {
      onlyPmuPackagesHavePlans(input);
      return input;
    },
    beforeUpdate(input, existing) {
      onlyPmuPackagesHavePlans({ type: input.type ?? existing.type, plan: input.plan === undefined ? existing.plan : input.plan, min_attendance_percent: input.min_attendance_percent === undefined ? existing.min_attendance_percent : input.min_attendance_percent });
      return input;
    },
  },
});
