import { type BankAccount, bankAccountLine } from '@studio/shared';
import { createContext, useContext } from 'react';
import { useStudioSettings } from '../settings-queries';

/**
 * The one account a customer is asked to pay into (issue 30, item 6): the studio's `bank_account` setting, printed on
 * every receipt, A4 invoice, payment receipt and reminder, never a number typed at the till. The receipt dialog
 * provides it to the paper it draws; outside one (a test, the till's warm-up) there is none and nothing is printed.
 */
export const PayToContext = createContext<BankAccount | null>(null);

/** The account the paper being drawn prints (null: none set, or not in a receipt dialog). */
export const usePayTo = (): BankAccount | null => useContext(PayToContext);

/** The studio's account from its settings (what this device last read when offline). */
export const useStudioAccount = (): BankAccount | null => useStudioSettings().settings.bank_account;

/** "Pay by transfer to GTBank 0123456789 (Glam Studio Ltd)", or null when no account is set. */
export function payToLine(account: BankAccount | null | undefined): string | null {
  return account ? `Pay by transfer to ${bankAccountLine(account)}` : null;
}

/** The line appended to a message's text when an account is set (nothing otherwise). */
export const payToLines = (account: BankAccount | null | undefined): string[] => {
  const line = payToLine(account);
  return line ? [line] : [];
};
