import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, LAYOUT_NAMES, LAYOUT_STYLES, chooseLayout, parseLayoutName, resolveLayout } from './layout-style';

/** A fresh in-memory Storage, so each test owns what is remembered. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

describe('layout styles', () => {
  it('has Seoul as the default', () => {
    expect(DEFAULT_LAYOUT).toBe('Seoul');
    expect(resolveLayout(undefined, undefined)).toBe('Seoul');
    expect(resolveLayout(null, null)).toBe('Seoul');
  });

  it('offers every city of the contract, each with its own style entry', () => {
    expect([...LAYOUT_NAMES].sort()).toEqual(
      ['Barcelona', 'Dubai', 'London', 'LosAngeles', 'Madrid', 'Moscow', 'NewYork', 'Paris', 'Rome', 'Seoul', 'Singapore', 'Tokyo'].sort(),
    );
    for (const name of LAYOUT_NAMES) expect(LAYOUT_STYLES[name].name).toBe(name);
  });

  it('falls back to Seoul for an unknown name', () => {
    expect(resolveLayout('Atlantis', null)).toBe('Seoul');
    expect(resolveLayout('Atlantis', 'Paris')).toBe('Seoul');
    expect(resolveLayout('', 'Paris')).toBe('Seoul');
  });

  it('parses names ignoring case, dashes and spaces', () => {
    expect(parseLayoutName('paris')).toBe('Paris');
    expect(parseLayoutName('PARIS')).toBe('Paris');
    expect(parseLayoutName('new-york')).toBe('NewYork');
    expect(parseLayoutName('New York')).toBe('NewYork');
    expect(parseLayoutName('los_angeles')).toBe('LosAngeles');
    expect(parseLayoutName('nowhere')).toBeUndefined();
    expect(parseLayoutName(null)).toBeUndefined();
  });

  it('uses the remembered layout when no parameter is given', () => {
    expect(resolveLayout(null, 'Tokyo')).toBe('Tokyo');
    expect(resolveLayout(undefined, 'garbage')).toBe('Seoul');
  });

  it('chooseLayout remembers a ?layout= choice until another one changes it', () => {
    const storage = memoryStorage();
    expect(chooseLayout('', storage)).toBe('Seoul');
    expect(chooseLayout('?layout=paris', storage)).toBe('Paris');
    // later screens without the parameter keep Paris
    expect(chooseLayout('', storage)).toBe('Paris');
    expect(chooseLayout('?other=1', storage)).toBe('Paris');
    // a new parameter changes it
    expect(chooseLayout('?layout=London', storage)).toBe('London');
    expect(chooseLayout('', storage)).toBe('London');
    // an unknown name means Seoul, and that is remembered too
    expect(chooseLayout('?layout=Atlantis', storage)).toBe('Seoul');
    expect(chooseLayout('', storage)).toBe('Seoul');
  });

  it('chooseLayout uses localStorage by default', () => {
    expect(chooseLayout('?layout=Madrid')).toBe('Madrid');
    expect(chooseLayout('')).toBe('Madrid');
  });
});
