export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Like `chunk`, but the rest after the full chunks is cut into powers of two: a statement with one placeholder per
 * item then has one of few shapes (10 for a size of 400), whatever the number of items. SQLite keeps a prepared
 * statement per SQL text (db/database.ts), up to 72 KB each for 400 values; chunks of every length from 1 to 400
 * filled that cache with hundreds of megabytes during an import.
 */
export function statementChunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  let i = 0;
  for (; items.length - i >= size; i += size) out.push(items.slice(i, i + size));
  for (let part = 2 ** Math.floor(Math.log2(size)); part >= 1 && i < items.length; part /= 2) {
    if (items.length - i >= part) {
      out.push(items.slice(i, i + part));
      i += part;
    }
  }
  return out;
}

export function groupBy<T, K>(items: Iterable<T>, keyOf: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  }
  return map;
}

/** Largest id a row can have: ids are `integer` columns on PostgreSQL, so a larger one names no row. */
export const MAX_ROW_ID = 2_147_483_647;

/** Whether a number can be the id of a row (a positive integer within the column's range). */
export function isRowId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_ROW_ID;
}

export const flag = (value: boolean): number => (value ? 1 : 0);

/** A URL component decoded, or undefined when its percent-encoding is malformed (`%E0%A4%A`): no such page. */
export function decodeUriComponentOrUndefined(component: string): string | undefined {
  try {
    return decodeURIComponent(component);
  } catch {
    return undefined;
  }
}
