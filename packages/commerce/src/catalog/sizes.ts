/** Letter sizes in the specification's order (section 9). */
export const LETTER_SIZE_ORDER = ["2xs", "xs", "s", "m", "l", "xl", "2xl", "3xl"] as const;

export const ONE_SIZE = "onesize";

const letterRank = new Map<string, number>(LETTER_SIZE_ORDER.map((s, i) => [s, i]));

function rankOf(size: string): [group: number, value: number, text: string] {
  const s = size.trim().toLowerCase();
  const letter = letterRank.get(s);
  if (letter !== undefined) return [0, letter, s];
  // Numeric sizes (also 38.5 or 38,5) sort numerically after letter sizes.
  const n = Number(s.replace(",", "."));
  if (s !== "" && Number.isFinite(n)) return [1, n, s];
  return [2, 0, s];
}

/**
 * Compares two sizes in the specification's size order: 2xs, xs, s, m, l, xl, 2xl, 3xl; numeric sizes
 * numerically; anything else (one size, W32/L34) after, alphabetically.
 */
export function compareSizes(a: string, b: string): number {
  const [ga, va, ta] = rankOf(a);
  const [gb, vb, tb] = rankOf(b);
  if (ga !== gb) return ga - gb;
  if (va !== vb) return va - vb;
  return ta < tb ? -1 : ta > tb ? 1 : 0;
}

export function sortSizes<T>(items: readonly T[], sizeOf: (item: T) => string): T[] {
  return [...items].sort((x, y) => compareSizes(sizeOf(x), sizeOf(y)));
}

/** The size as shoppers read it: letter sizes upper-case, one size spelt out by the caller. */
export function displaySize(size: string): string {
  return letterRank.has(size.toLowerCase()) ? size.toUpperCase() : size;
}
