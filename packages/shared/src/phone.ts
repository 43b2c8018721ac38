import { z } from 'zod';

// One spelling of a phone number, so one person is one client whatever way the number was typed.
// The database has the same rule as the SQL function studio_phone_key (migration 0018): keep them in step
// (apps/api/test/clients.test.ts checks both give the same answer on the same samples).

/**
 * A phone number in one spelling, or null when it is not one. Nigerian numbers (the studio's own) become
 * `+234` and ten digits: `0803 123 4567`, `803-123-4567`, `2348031234567` and `+234 (0)803 123 4567` are
 * all `+2348031234567`. Any other number written with `+` (or `00`) keeps its digits: `+44 20 7946 0958` is
 * `+442079460958`. Anything else (too short, letters, a bare foreign number) is null.
 */
export function normalizePhone(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const trimmed = raw.trim();
  if (!/^[+\d(][\d\s().+-]*$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  const international = trimmed.startsWith('+') || digits.startsWith('00');
  if (digits.startsWith('00')) digits = digits.slice(2);
  // +234 (0)803...: the trunk zero written after the country code
  if (digits.startsWith('2340') && digits.length === 14) digits = `234${digits.slice(4)}`;
  if (digits.startsWith('234') && digits.length === 13) return `+${digits}`;
  if (!international) {
    if (digits.startsWith('0') && digits.length === 11) return `+234${digits.slice(1)}`;
    if (/^[789]\d{9}$/.test(digits)) return `+234${digits}`;
    return null;
  }
  return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
}

/** What a field that is not a phone number answers (422). */
export const PHONE_ERROR = 'The phone must be a phone number (e.g. 0803 123 4567).';

/** Digits as a person may write a number the studio keeps as typed: a `+` or digit, then digits, spaces and dashes. */
const TYPED_PHONE = /^[+\d][\d\s-]{5,}$/;

/**
 * THE phone field of every schema, answering `PHONE_ERROR` (422) when it is not a number. By default stored in one
 * spelling, `+2348031234567` (`normalizePhone`: clients, appointments, suppliers, where the number finds the
 * person). With `keep: 'typed'` it is kept as typed and only has to look like a number (bookings and trainees,
 * whose lists show what was given, older numbers included; the database's `studio_phone_key` links them to a client).
 */
export const phoneNumber = ({ keep = 'normalised' }: { keep?: 'normalised' | 'typed' } = {}) =>
  z
    .string()
    .trim()
    .min(1)
    .max(30)
    .transform((v, ctx) => {
      const phone = keep === 'typed' ? (TYPED_PHONE.test(v) ? v : null) : normalizePhone(v);
      if (phone === null) {
        ctx.addIssue({ code: 'custom', message: PHONE_ERROR });
        return z.NEVER;
      }
      return phone;
    });

/** `+2348031234567` as people read it: `0803 123 4567`; other numbers as stored. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const m = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return m ? `0${m[1]} ${m[2]} ${m[3]}` : phone;
}

/** `https://wa.me/2348031234567?text=...`: a WhatsApp chat with the number, the message typed in. */
export function whatsappLink(phone: string, message: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}
