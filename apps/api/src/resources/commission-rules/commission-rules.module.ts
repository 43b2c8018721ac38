import { commissionRuleProblems, commissionRules } from '@studio/shared';
import { defineCrudModule } from '../../crud/define-crud-module.js';
import { unprocessable } from '../../plugins/errors.js';
import { commissionRulesTable } from './commission-rules.table.js';

/** A rule must be whole (a staff member or a role; tiers only on a percentage): checked on the record as it would be after the write. */
function assertWhole(rule: Parameters<typeof commissionRuleProblems>[0]): void {
  const problems = commissionRuleProblems(rule);
  if (Object.keys(problems).length) throw unprocessable(Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, [v]])));
}

/** CRUD; an edit of a rule whose date has passed is in the activity log like every write (before and after). */
export const commissionRulesModule = defineCrudModule({
  resource: commissionRules,
  table: commissionRulesTable,
  hooks: {
    beforeCreate(input) {
      assertWhole(input);
      return input;
    },
    beforeUpdate(input, existing) {
      assertWhole({ ...existing, ...input });
      return input;
    },
  },
});
