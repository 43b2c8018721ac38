import { and, eq } from 'drizzle-orm';
import type { BankAccount, VirtualAccountKind } from '@studio/shared';
import type { Db, Tx } from '../../db/client.js';
import { virtualAccountsTable } from './integrations.table.js';

/** The person's own dedicated account as the account they are asked to pay into (their statement), or null. */
export async function ownAccountOf(db: Db | Tx, kind: VirtualAccountKind, recordId: number): Promise<BankAccount | null> {
  const [row] = await db
    .select()
    .from(virtualAccountsTable)
    .where(and(eq(virtualAccountsTable.kind, kind), eq(virtualAccountsTable.record_id, recordId)))
    .limit(1);
  return row ? { bank: row.bank_name, number: row.account_number, name: row.account_name } : null;
}
