/**
 * Compiles the ICU MessageFormat subset the shop uses: `{name}`, `{n, number}`,
 * `{n, plural, =0 {…} one {# item} other {# items}}` and `{x, select, a {…} other {…}}`, with `'` escaping
 * of braces. The result renders with `renderMessage` (message.ts), which is all the browser carries (a full ICU
 * library would cost ~12 KB of the JS budget, this parser about 0.6 KB).
 */

import { type CompiledMessage, type MessagePart, POUND } from "./message.ts";

export function compileMessage(source: string): CompiledMessage {
  const parts = parse(source);
  if (parts.length === 0) return "";
  return parts.length === 1 && typeof parts[0] === "string" ? parts[0] : parts;
}

function parse(source: string): MessagePart[] {
  let pos = 0;

  function parseNodes(inPlural: boolean): MessagePart[] {
    const nodes: MessagePart[] = [];
    let text = "";
    const flush = () => {
      if (text) nodes.push(text);
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
        nodes.push([POUND]);
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

  function parseArgument(): MessagePart {
    const name = readUntil(",}");
    if (source[pos] === "}") {
      pos++;
      return [name];
    }
    pos++; // ,
    const type = readUntil(",}");
    if (source[pos] === "}") {
      pos++;
      return type === "number" ? [name, "number"] : [name];
    }
    pos++; // ,
    if (type !== "plural" && type !== "select")
      throw new Error(`Unsupported ICU argument type "${type}" in: ${source}`);
    let offset = 0;
    const options: Record<string, MessagePart[]> = {};
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
      options[key] = parseNodes(type === "plural");
      pos++; // }
    }
    return type === "plural" ? [name, "plural", offset, options] : [name, "select", options];
  }

  return parseNodes(false);
}
