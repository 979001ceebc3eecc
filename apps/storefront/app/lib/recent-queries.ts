/**
 * Recent queries of the search box (specification sections 3 and 5): at most `maxLength` (default 10, at least
 * 1) non-empty queries, trimmed, lowercased and deduplicated, the newest first; kept in the browser's local
 * storage and removable one by one.
 */
const RECENT_QUERIES_MAX = 10;
const RECENT_QUERIES_KEY = "vitrine_recent_queries";

/** Adds a query at the front (moving it there when it is already in the list) and caps the list. */
export function addRecentQuery(queries: readonly string[], query: string, maxLength = RECENT_QUERIES_MAX): string[] {
  const max = Math.max(1, Math.floor(maxLength));
  const clean = query.trim().toLowerCase();
  const rest = normalizeRecentQueries(queries, max);
  if (clean === "") return rest;
  return [clean, ...rest.filter((q) => q !== clean)].slice(0, max);
}

export function removeRecentQuery(queries: readonly string[], query: string): string[] {
  const clean = query.trim().toLowerCase();
  return queries.filter((q) => q !== clean);
}

/** Whatever was stored, as a valid list: strings only, trimmed, lowercased, non-empty, unique, capped. */
export function normalizeRecentQueries(value: unknown, maxLength = RECENT_QUERIES_MAX): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value) {
    if (typeof item !== "string") continue;
    const clean = item.trim().toLowerCase();
    if (clean !== "" && !out.includes(clean)) out.push(clean);
  }
  return out.slice(0, Math.max(1, Math.floor(maxLength)));
}

export function readRecentQueries(): string[] {
  try {
    return normalizeRecentQueries(JSON.parse(localStorage.getItem(RECENT_QUERIES_KEY) ?? "[]"));
  } catch {
    return [];
  }
}

export function writeRecentQueries(queries: readonly string[]): void {
  try {
    localStorage.setItem(RECENT_QUERIES_KEY, JSON.stringify(queries));
  } catch {
    // Storage blocked or full: the list lives for this page only.
  }
}
