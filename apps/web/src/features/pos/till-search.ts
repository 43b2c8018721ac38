import type { TillItem } from '@studio/shared';

interface Entry<P> {
  item: P;
  name: string;
  sku: string;
}

/** The till's list prepared for searching: lower-cased once per list, not at every keystroke. */
export interface TillIndex<P> {
  entries: readonly Entry<P>[];
  items: readonly P[];
}

/** Each item's lower-cased name and SKU, kept while the item lives: a new list that keeps most of its items (a change
 * poll, the stock less a sale waiting on the device) is indexed without lower-casing its 5,000 names again. */
const lowered = new WeakMap<object, { name: string; sku: string }>();

export function tillIndex<P extends Pick<TillItem, 'name' | 'sku'>>(items: readonly P[]): TillIndex<P> {
  return {
    items,
    entries: items.map((item) => {
      let text = lowered.get(item);
      if (!text) lowered.set(item, (text = { name: item.name.toLowerCase(), sku: item.sku?.toLowerCase() ?? '' }));
      return { item, ...text };
    }),
  };
}

/**
 * What a scanner or a typist means, in one pass over 5,000 items: an exact SKU first, then names that start
 * with the text, then names or SKUs that contain it, each group in list order (the same result as
 * `searchProducts`, without lower-casing and sorting at every keystroke).
 */
export function searchTill<P>(index: TillIndex<P>, text: string): readonly P[] {
  const q = text.trim().toLowerCase();
  if (!q) return index.items;
  const exact: P[] = [];
  const starts: P[] = [];
  const contains: P[] = [];
  for (const e of index.entries) {
    if (e.sku === q) exact.push(e.item);
    else if (e.name.startsWith(q)) starts.push(e.item);
    else if (e.name.includes(q) || e.sku.includes(q)) contains.push(e.item);
  }
  return exact.length || starts.length ? [...exact, ...starts, ...contains] : contains;
}
