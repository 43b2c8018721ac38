import { and, eq } from 'drizzle-orm';
import { users } from '@studio/shared';
import type { Tx } from '../../db/client.js';
import { defineCrudModule } from '../../crud/define-crud-module.js';
import { invalidField } from '../../plugins/errors.js';
import { hashPassword } from '../../features/auth/index.js';
import { apiTokensTable, usersTable } from './users.table.js';
import { registerUserRoutes } from './users.routes.js';

type UserRow = typeof usersTable.$inferSelect;

/**
 * The studio must always keep one active admin who can sign in. The active admins'
 * rows are locked until the write commits: two admins demoting (or deleting) each
 * other at the same moment must not both count the other as the one who stays.
 */
async function otherActiveAdmins(tx: Tx, id: number): Promise<number> {
  const admins = await tx
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(and(eq(usersTable.is_admin, 1), eq(usersTable.active, true)))
    .orderBy(usersTable.id)
    .for('update');
  return admins.filter((a) => a.id !== id).length;
}
const isActiveAdmin = (u: UserRow) => u.is_admin === 1 && u.active;

export const usersModule = defineCrudModule({
  resource: users,
  table: usersTable,
  unique: [{ field: 'username', message: 'The username has already been taken.' }],
  hooks: {
    async beforeCreate(input) {
      const { password, ...rest } = input;
      return { ...rest, password_hash: await hashPassword(password) };
    },
    async beforeUpdate(input, existing, { tx }) {
      const losesAdmin = (input.is_admin === 0 || input.active === false) && isActiveAdmin(existing);
      if (losesAdmin && (await otherActiveAdmins(tx, existing.id)) === 0) {
        throw invalidField(input.is_admin === 0 ? 'is_admin' : 'active', 'The studio must keep at least one active admin.');
      }
      return input;
    },
    async beforeDelete(existing, { tx, user }) {
      if (existing.id === user.id) throw invalidField('id', 'You cannot delete your own account.');
      if (isActiveAdmin(existing) && (await otherActiveAdmins(tx, existing.id)) === 0) {
        throw invalidField('id', 'The studio must keep at least one active admin.');
      }
    },
    async afterWrite(action, _before, after, { tx }) {
      // a deactivated account is signed out everywhere at once
      if (action === 'update' && after && !after.active) await tx.delete(apiTokensTable).where(eq(apiTokensTable.user_id, after.id));
    },
  },
  routes: registerUserRoutes,
});
