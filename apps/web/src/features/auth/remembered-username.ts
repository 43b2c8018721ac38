/*
 * 'Remember password' (spec §2; its behaviour is not shown there). Decision: the app never stores a
 * password. Ticking the box remembers the *username* so the form opens filled in, and leaves the
 * password to the browser's own password manager (the inputs carry the standard autocomplete names).
 * The username lives in a cookie, not in localStorage, because logout clears all of localStorage
 * (spec §4) and a remembered username is meant to outlive a logout. Unticking it and signing in
 * forgets the username.
 */
const COOKIE = 'studio_remembered_username';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readRememberedUsername(): string {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`));
  if (!match) return '';
  try {
    return decodeURIComponent(match.slice(COOKIE.length + 1));
  } catch {
    return '';
  }
}

export function rememberUsername(username: string | null): void {
  if (username) document.cookie = `${COOKIE}=${encodeURIComponent(username)}; max-age=${ONE_YEAR_SECONDS}; path=/; SameSite=Strict`;
  else document.cookie = `${COOKIE}=; max-age=0; path=/; SameSite=Strict`;
}
