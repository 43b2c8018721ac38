import { normalizePhone } from '@studio/shared';
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { type RecentCustomer, tillDb } from './outbox';

/**
 * The recent customers kept on this device (issue 18): the name and phone of each sale that had a phone, so that an
 * offline till still finds them. Nothing else about a client is kept here; the server finds or creates the client by
 * phone when the sale arrives.
 */

/** How many the till offers from (the most recent first). */
const KEPT = 500;

/** Remembers a sale's customer on this device (a sale without a phone is a walk-in: nothing to find later). */
export function rememberCustomer(name: string | null | undefined, phone: string | null | undefined): void {
  if (!phone || !name || typeof indexedDB === 'undefined') return;
  void tillDb()
    .customers.put({ phone, name, last_at: new Date().toISOString() })
    .catch(() => undefined);
}

/** This device's recent customers, the most recent first, as they change; empty where there is no IndexedDB. */
export function useRecentCustomers(): readonly RecentCustomer[] {
  const [customers, setCustomers] = useState<readonly RecentCustomer[]>([]);
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    const subscription = liveQuery(() => tillDb().customers.orderBy('last_at').reverse().limit(KEPT).toArray()).subscribe({ next: setCustomers, error: () => setCustomers([]) });
    return () => subscription.unsubscribe();
  }, []);
  return customers;
}

/** The ways a number may be typed: as kept, its digits, and for a Nigerian number 0803… and 234803…. */
function phoneForms(phone: string): string[] {
  const digits = phone.replace(/\D/g, '');
  const normal = normalizePhone(phone);
  return normal?.startsWith('+234') ? [digits, `0${normal.slice(4)}`, normal.slice(1)] : [digits];
}

/**
 * The recent customers what is typed may mean, at most `limit`: letters find names (a word of the name starting
 * with them first, then names containing them), three digits or more find phone numbers however they are written.
 *
 * @example
 * matchRecentCustomers([{ name: 'Ada Obi', phone: '+2348031234567', last_at }], '0803') // [Ada Obi]
 */
export function matchRecentCustomers(customers: readonly RecentCustomer[], typed: string, limit = 6): RecentCustomer[] {
  const text = typed.trim().toLowerCase();
  if (!text) return [];
  if (/^[\d\s()+-]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits.length < 3) return [];
    return customers.filter((c) => phoneForms(c.phone).some((f) => f.includes(digits))).slice(0, limit);
  }
  const starts: RecentCustomer[] = [];
  const contains: RecentCustomer[] = [];
  for (const c of customers) {
    const name = c.name.toLowerCase();
    if (name.startsWith(text) || name.includes(` ${text}`)) starts.push(c);
    else if (name.includes(text)) contains.push(c);
  }
  return [...starts, ...contains].slice(0, limit);
}
