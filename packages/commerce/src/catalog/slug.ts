import { isRowId } from "../util.ts";

/**
 * The specification's slug rule (section 9): remove `* + ~ . ( ) ' " ! : @ / # ?` and lowercase. Like the
 * slugify library the shop used, whitespace becomes a dash and letters lose their accents (ß becomes ss), so
 * the result is a clean URL segment.
 */
const REMOVED = /[*+~.()'"!:@/#?]/g;

export function slugify(text: string): string {
  return text
    .replace(/ß/g, "ss")
    .replace(/æ/gi, "ae")
    .replace(/œ/gi, "oe")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(REMOVED, "")
    .replace(/&/g, " ")
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9\s-]/g, "")
    .replace(/[\s_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A category slug ending in `-digits` has the digits removed (specification section 2). */
export function stripCategorySlugDigits(slug: string): string {
  return slug.replace(/-\d+$/, "");
}

/** A route is a new-arrivals route when its category or slug equals `new` (specification section 2). */
export function isNewArrivalsRoute(category: string | undefined, slug: string | undefined): boolean {
  return category === "new" || slug === "new";
}

export interface ParsedProductSegment {
  id: number;
  name: string;
}

/** `/p/{productName}-{id}`: the id is the last dash-number of the segment. */
export function parseProductSegment(segment: string): ParsedProductSegment | undefined {
  const match = /^(?:(.*)-)?(\d+)$/.exec(segment.replace(/\/+$/, ""));
  if (!match) return undefined;
  const id = Number(match[2]);
  if (!isRowId(id)) return undefined;
  return { id, name: match[1] ?? "" };
}

export function productSegment(name: string, id: number): string {
  const slug = slugify(name);
  return slug ? `${slug}-${id}` : String(id);
}
