/**
 * A small ICU MessageFormat formatter (the subset the shop uses): `{name}`, `{n, number}`,
 * `{n, plural, =0 {…} one {# item} other {# items}}` and `{x, select, a {…} other {…}}`, with `'` escaping
 * of braces. Small enough to ship to the browser (a full ICU library would cost ~12 KB of the JS budget).
 */

import { formatNumber } from "@vitrine/commerce/money";

export type MessageValues = Record<string, string | number | undefined | null>;

type Node =
  | { kind: "text"; value: string }
  | { kind: "arg"; name: string; format?: "number" }
  | { kind: "plural"; name: string; offset: number; options: Map<string, Node[]> }
  | { kind: "select"; name: string; options: Map<string, Node[]> }
  | { kind: "pound" };

const cache = new Map<string, Node[]>();
const pluralRules = new Map<string, Intl.PluralRules>();

export function formatMessage(message: string, values: MessageValues = {}, locale = "de-DE"): string {
  let nodes = cache.get(message);
  if (!nodes) {
    nodes = parse(message);
    cache.set(message, nodes);
  }
  return render(nodes, values, locale, undefined);
}

function render(nodes: Node[], values: MessageValues, locale: string, pound: number | undefined): string {
  let out = "";
  for (const node of nodes) {
    switch (node.kind) {
      case "text":
        out += node.value;
        break;
      case "pound":
        out += pound === undefined ? "#" : formatNumber(pound, locale);
        break;
      case "arg": {
        const value = values[node.name];
        if (value === undefined || value === null) out += `{${node.name}}`;
        else out += node.format === "number" && typeof value === "number" ? formatNumber(value, locale) : String(value);
        break;
      }
      case "plural": {
        const n = Number(values[node.name] ?? 0);
        const exact = node.options.get(`=${n}`);
        let rules = pluralRules.get(locale);
        if (!rules) {
          rules = new Intl.PluralRules(locale);
          pluralRules.set(locale, rules);
        }
        const branch = exact ?? node.options.get(rules.select(n - node.offset)) ?? node.options.get("other") ?? [];
        out += render(branch, values, locale, n - node.offset);
        break;
      }
      case "select": {
        const key = String(values[node.name] ?? "other");
        out += render(node.options.get(key) ?? node.options.get("other") ?? [], values, locale, pound);
        break;
      }
    }
  }
  return out;
}

function parse(source: string): Node[] {
  let pos = 0;

  function parseNodes(inPlural: boolean): Node[] {
    const nodes: Node[] = [];
    let text = "";
    const flush = () => {
      if (text) nodes.push({ kind: "text", value: text });
      text = "";
    };
    while (pos < source.length) {
      const ch = source[pos] as string;
      if (ch === "'") {
        const next = source[pos + 1];
        if (next === "'") {
          text += "'";
          pos += 2;
          continue;
        }
        if (next === "{" || next === "}" || next === "#") {
          const end = source.indexOf("'", pos + 1);
          text += source.slice(pos + 1, end === -1 ? source.length : end);
          pos = end === -1 ? source.length : end + 1;
          continue;
        }
        text += ch;
        pos++;
      } else if (ch === "{") {
        flush();
        pos++;
        nodes.push(parseArgument());
      } else if (ch === "}") {
        break;
      } else if (ch === "#" && inPlural) {
        flush();
        nodes.push({ kind: "pound" });
        pos++;
      } else {
        text += ch;
        pos++;
      }
    }
    flush();
    return nodes;
  }

  function readUntil(stops: string): string {
    const start = pos;
    while (pos < source.length && !stops.includes(source[pos] as string)) pos++;
    return source.slice(start, pos).trim();
  }

  function parseArgument(): Node {
    const name = readUntil(",}");
    if (source[pos] === "}") {
      pos++;
      return { kind: "arg", name };
    }
    pos++; // ,
    const type = readUntil(",}");
    if (source[pos] === "}") {
      pos++;
      return { kind: "arg", name, ...(type === "number" ? { format: "number" as const } : {}) };
    }
    pos++; // ,
    if (type !== "plural" && type !== "select")
      throw new Error(`Unsupported ICU argument type "${type}" in: ${source}`);
    let offset = 0;
    const options = new Map<string, Node[]>();
    while (pos < source.length) {
      while (/\s/.test(source[pos] ?? "")) pos++;
      if (source[pos] === "}") {
        pos++;
        break;
      }
      const key = readUntil("{ \n\t");
      if (key.startsWith("offset:")) {
        offset = Number(key.slice(7));
        continue;
      }
      while (/\s/.test(source[pos] ?? "")) pos++;
      if (source[pos] !== "{") throw new Error(`Expected { after "${key}" in: ${source}`);
      pos++;
      options.set(key, parseNodes(type === "plural"));
      pos++; // }
    }
    return type === "plural" ? { kind: "plural", name, offset, options } : { kind: "select", name, options };
  }

  return parseNodes(false);
}
