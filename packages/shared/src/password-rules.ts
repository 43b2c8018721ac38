import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords per NIST SP 800-63B (5.1.1.2): at least 8 characters, any characters allowed (spaces too), up to
 * 200; refused when it is a commonly used password or the account's own username. The list is zxcvbn-ts's
 * common passwords (about 49,000, from breach corpora; @zxcvbn-ts/language-common), compared without case.
 * No composition rules and no forced changes: the guideline advises against both.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

let common: Set<string> | undefined;
/** Whether a password is on the common-password list (case and spaces at the ends ignored). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => String(p).toLowerCase()));
  return common.has(password.trim().toLowerCase());
}

const fold = (s: string) => s.normalize('NFKC').trim().toLowerCase();

/**
 * What is wrong with a password, as the sentence the form shows, or null. `username`: the account's, when
 * known (a password that is the username, in any case, is refused).
 */
export function passwordProblem(password: string, username?: string | null): string | null {
  if (password.trim().length < PASSWORD_MIN) return `The password field must be at least ${PASSWORD_MIN} characters (spaces at the start and end not counted).`;
  if (password.length > PASSWORD_MAX) return `The password field must not be greater than ${PASSWORD_MAX} characters.`;
  if (/^(.)\1+$/su.test(password.trim())) return 'The password must not be one character repeated.';
  if (isCommonPassword(password)) return 'The password is too common (it is on a list of passwords used by many people): choose another.';
  if (username && fold(password) === fold(username)) return 'The password must not be the username.';
  return null;
}
