import { describe, expect, it } from 'vitest';
import { searchTill, tillIndex } from './till-search';

/** The plain reference the indexed search must agree with: an exact SKU first, then names and SKUs containing the text (names starting with it first). */
function searchProducts<P extends { name: string; sku: string | null }>(products: readonly P[], text: string, limit = 50): P[] {
  const q = text.trim().toLowerCase();
  if (!q) return products.slice(0, limit);
  const exact = products.filter((p) => p.sku?.toLowerCase() === q);
  const rest = products.filter((p) => !exact.includes(p) && (p.name.toLowerCase().includes(q) || (p.sku?.toLowerCase().includes(q) ?? false)));
  // names that start with the text come first
  rest.sort((a, b) => Number(!a.name.toLowerCase().startsWith(q)) - Number(!b.name.toLowerCase().startsWith(q)));
  return [...exact, ...rest].slice(0, limit);
}

const names = ['Matte Lipstick', 'Lip Liner', 'Velvet Lip Gloss', 'Eyeshadow Palette', 'Eyeshadow Blush', 'Gloss Lip', 'LIP-01 Refill'];
const items = names.map((name, i) => ({ id: i + 1, name, sku: i % 2 ? `LIP-0${i}` : null }));

describe('searchTill', () => {
  it('finds what searchProducts finds, in the same order: exact SKU, names starting with the text, the rest', () => {
    const index = tillIndex(items);
    for (const q of ['', 'lip', 'LIP-01', 'lip-03', ' eyeshadow ', 'gloss', 'x', 'e']) {
      expect(searchTill(index, q).map((p) => p.id), q).toEqual(searchProducts(items, q, Number.POSITIVE_INFINITY).map((p) => p.id));
    }
    expect(searchTill(index, 'lip-03').map((p) => p.name)[0]).toBe('Eyeshadow Palette');
    expect(searchTill(index, 'lip').map((p) => p.name).slice(0, 2)).toEqual(['Lip Liner', 'LIP-01 Refill']);
  });
});
