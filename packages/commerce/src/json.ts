/** JSON columns are text on both dialects; this reads them back without throwing on a damaged row. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === "") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * How deep JSON from a client may nest. Parsing, validating and serializing walk a document recursively, so a
 * document nested thousands of levels overflows the stack; no payload of the shop needs more than a few levels.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a JSON text nests deeper than `max` arrays and objects, found by counting brackets outside strings,
 * before `JSON.parse` (which may itself overflow on such a text). Invalid JSON is left to the parser.
 */
export function jsonTextTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** Whether a parsed value nests deeper than `max` arrays and objects, walked without recursion. */
export function jsonValueTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== "object") continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}
