import { STORAGE_KEYS } from '../../lib/storage';

/** The layout styles of `?layout=NAME` (contract §6), named after the admin template the studio started from. */
export const LAYOUT_NAMES = ['Dubai', 'Seoul', 'Paris', 'Madrid', 'Tokyo', 'Moscow', 'Rome', 'NewYork', 'LosAngeles', 'Singapore', 'Barcelona', 'London'] as const;
export type LayoutName = (typeof LAYOUT_NAMES)[number];
export const DEFAULT_LAYOUT: LayoutName = 'Seoul';

export type NavMode = 'sidebar' | 'icons' | 'horizontal' | 'header';
export type NavTone = 'light' | 'modern' | 'dark' | 'brand';

export interface LayoutStyle {
  name: LayoutName;
  /** How the menu is shown on a wide screen; under 991 px every style uses the slide-over sidebar. */
  nav: NavMode;
  tone: NavTone;
  sidebarWidth: number;
  compact: boolean;
  /** Content in a centred fixed-width frame. */
  boxed: boolean;
  filledIcons: boolean;
}

const base = { nav: 'sidebar', tone: 'light', sidebarWidth: 264, compact: false, boxed: false, filledIcons: false } as const;

export const LAYOUT_STYLES: Record<LayoutName, LayoutStyle> = {
  Dubai: { ...base, name: 'Dubai' },
  Seoul: { ...base, name: 'Seoul', tone: 'modern', sidebarWidth: 272 },
  Paris: { ...base, name: 'Paris', tone: 'dark' },
  Madrid: { ...base, name: 'Madrid', tone: 'brand' },
  Tokyo: { ...base, name: 'Tokyo', sidebarWidth: 216, compact: true },
  Moscow: { ...base, name: 'Moscow', nav: 'icons', sidebarWidth: 84 },
  Rome: { ...base, name: 'Rome', nav: 'icons', sidebarWidth: 84, tone: 'dark', filledIcons: true },
  NewYork: { ...base, name: 'NewYork', boxed: true },
  LosAngeles: { ...base, name: 'LosAngeles', nav: 'horizontal' },
  Singapore: { ...base, name: 'Singapore', nav: 'horizontal', tone: 'dark' },
  Barcelona: { ...base, name: 'Barcelona', nav: 'horizontal', tone: 'brand' },
  London: { ...base, name: 'London', nav: 'header' },
};

const squash = (s: string) => s.replace(/[^a-z]/gi, '').toLowerCase();

/** `paris`, `Paris`, `new-york` → the layout; anything else → undefined. */
export function parseLayoutName(value: string | null | undefined): LayoutName | undefined {
  if (!value) return undefined;
  const wanted = squash(value);
  return LAYOUT_NAMES.find((name) => squash(name) === wanted);
}

/**
 * The layout to show: the `?layout=` parameter when given (an unknown name means Seoul),
 * otherwise the one remembered from an earlier parameter, otherwise Seoul.
 */
export function resolveLayout(param: string | null | undefined, remembered: string | null | undefined): LayoutName {
  if (param !== null && param !== undefined) return parseLayoutName(param) ?? DEFAULT_LAYOUT;
  return parseLayoutName(remembered) ?? DEFAULT_LAYOUT;
}

/** Resolves the layout and remembers it in localStorage until another `?layout=` changes it. */
export function chooseLayout(search: string, storage: Storage = window.localStorage): LayoutName {
  const param = new URLSearchParams(search).get('layout');
  const name = resolveLayout(param, storage.getItem(STORAGE_KEYS.layout));
  if (param !== null) storage.setItem(STORAGE_KEYS.layout, name);
  return name;
}
