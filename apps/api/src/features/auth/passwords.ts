import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes): the OWASP minimum. */
export const hashPassword = (password: string) => hash(password);

let dummy: Promise<string> | undefined;
/** Checks a password; with no stored hash it still spends the same time, so unknown users are not told apart by timing. */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash('not-a-real-password');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
