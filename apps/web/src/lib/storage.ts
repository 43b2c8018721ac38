/** The localStorage keys the app owns. Logging out clears all of localStorage, not only these. */
export const STORAGE_KEYS = {
  currentUser: 'currentUser',
  deviceId: 'deviceId',
  tokens: 'tokens',
  layout: 'layout',
  /** The studio's settings as last read (GET /api/settings): an offline till keeps its limits. */
  settings: 'studioSettings',
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  window.localStorage.setItem(key, JSON.stringify(value));
}

/** The device id is stored as a bare string; older clients may have stored it JSON-quoted. */
export function readDeviceId(): string | null {
  const raw = window.localStorage.getItem(STORAGE_KEYS.deviceId);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'string' ? parsed : raw;
  } catch {
    return raw;
  }
}
