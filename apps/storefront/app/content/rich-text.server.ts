import { RICH_BLOCK_TAGS, type RichElement, type RichNode, type RichTag } from "./rich-text.ts";

/**
 * A small allow-list sanitizer for the rich text of content blocks. It reads the editor's HTML and keeps only
 * paragraphs, headings (h2–h4), lists, quotes, rules, emphasis and links with a safe address; everything else
 * is dropped (scripts, styles, frames, forms with their content; other tags are unwrapped to their text).
 * The result is a tree that obeys HTML's nesting rules, so the page the server renders parses back in the
 * browser to the same tree (no hydration surprises), and it is rendered as React elements: no HTML string
 * from an editor ever reaches the page.
 */

/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "template",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "noscript",
  "noembed",
  "noframes",
  "textarea",
  "title",
  "xmp",
  "plaintext",
  "select",
  "option",
  "svg",
  "math",
  "canvas",
  "audio",
  "video",
  "head",
  "button",
]);
/** Raw-text elements: their content is not markup, so it is skipped up to the closing tag. */
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "noscript", "noembed", "noframes", "iframe"]);

const RENAME: Record<string, RichTag> = {
  b: "strong",
  strong: "strong",
  i: "em",
  em: "em",
  u: "u",
  s: "s",
  strike: "s",
  del: "s",
  small: "small",
  sub: "sub",
  sup: "sup",
  a: "a",
  br: "br",
  p: "p",
  // The page has its own h1: editors' headings start at h2.
  h1: "h2",
  h2: "h2",
  h3: "h3",
  h4: "h4",
  h5: "h4",
  h6: "h4",
  blockquote: "blockquote",
  ul: "ul",
  ol: "ol",
  li: "li",
  hr: "hr",
};

const VOID = new Set([
  "br",
  "hr",
  "img",
  "input",
  "meta",
  "link",
  "area",
  "base",
  "col",
  "embed",
  "source",
  "track",
  "wbr",
  "param",
]);
const BLOCKS: ReadonlySet<string> = new Set(RICH_BLOCK_TAGS);
/** Elements whose content may hold blocks (flow content); the root too. */
const FLOW_CONTAINERS = new Set(["blockquote", "li"]);

const MAX_DEPTH = 24;

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  shy: "\u00ad",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  laquo: "«",
  raquo: "»",
  lsaquo: "‹",
  rsaquo: "›",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  euro: "€",
  pound: "£",
  copy: "©",
  reg: "®",
  trade: "™",
  sect: "§",
  deg: "°",
  times: "×",
  middot: "·",
  bull: "•",
  auml: "ä",
  ouml: "ö",
  uuml: "ü",
  Auml: "Ä",
  Ouml: "Ö",
  Uuml: "Ü",
  szlig: "ß",
  eacute: "é",
  egrave: "è",
  ecirc: "ê",
  euml: "ë",
  Eacute: "É",
  Egrave: "È",
  agrave: "à",
  acirc: "â",
  Agrave: "À",
  ccedil: "ç",
  Ccedil: "Ç",
  icirc: "î",
  iuml: "ï",
  ocirc: "ô",
  oelig: "œ",
  ugrave: "ù",
  ucirc: "û",
  thinsp: "\u2009",
  ensp: "\u2002",
  emsp: "\u2003",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,10});/g, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : "\ufffd";
    }
    return NAMED_ENTITIES[body] ?? whole;
  });
}

function isControlOrSpace(char: string): boolean {
  const code = char.charCodeAt(0);
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** A link address we show: internal path, #fragment, http(s)://, mailto: or tel:. */
export function safeHref(raw: string): string | undefined {
  const href = raw.trim();
  // Browsers ignore control characters and spaces inside a scheme ("java\nscript:"): so do we, before checking.
  const compact = [...href]
    .filter((c) => !isControlOrSpace(c))
    .join("")
    .toLowerCase();
  if (href.startsWith("#") && href.length > 1) return href;
  if (href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\")) return href;
  if (/^https?:\/\//.test(compact) && URL.canParse(href)) return href;
  if (/^mailto:[^\s@]+@[^\s@]+$/.test(compact)) return href;
  if (/^tel:\+?[0-9 ()/.-]+$/.test(compact)) return href;
  return undefined;
}

type Token =
  | { kind: "text"; value: string }
  | { kind: "open"; name: string; attrs: Map<string, string> }
  | { kind: "close"; name: string };

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const text = (value: string) => {
    if (value) tokens.push({ kind: "text", value: decodeEntities(value) });
  };
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt === -1) {
      text(html.slice(i));
      break;
    }
    text(html.slice(i, lt));
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === "!" || html[lt + 1] === "?") {
      const end = html.indexOf(">", lt);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const match = /^<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/.exec(html.slice(lt, lt + 64));
    if (!match) {
      text("<");
      i = lt + 1;
      continue;
    }
    const closing = match[1] === "/";
    const name = (match[2] as string).toLowerCase();
    // Find the end of the tag, skipping quoted attribute values.
    let j = lt + match[0].length;
    let quote: string | undefined;
    for (; j < html.length; j++) {
      const c = html[j];
      if (quote) {
        if (c === quote) quote = undefined;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === ">") break;
    }
    const inside = html.slice(lt + match[0].length, j);
    i = j + 1;
    if (closing) {
      tokens.push({ kind: "close", name });
      continue;
    }
    if (RAW_TEXT.has(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, i);
      if (end === -1) {
        i = html.length;
      } else {
        const gt = html.indexOf(">", end);
        i = gt === -1 ? html.length : gt + 1;
      }
      continue;
    }
    const attrs = new Map<string, string>();
    for (const m of inside.matchAll(ATTRIBUTE)) {
      const key = (m[1] as string).toLowerCase();
      if (!attrs.has(key)) attrs.set(key, decodeEntities(m[2] ?? m[3] ?? m[4] ?? ""));
    }
    tokens.push({ kind: "open", name, attrs });
    if (inside.trimEnd().endsWith("/") && !VOID.has(name)) tokens.push({ kind: "close", name });
  }
  return tokens;
}

/** Turns an editor's HTML into a tree of allowed elements (see the module comment). */
export function sanitizeRichText(html: string): RichNode[] {
  const root: RichElement = { tag: "p", children: [] };
  const stack: RichElement[] = [root];
  const top = () => stack[stack.length - 1] as RichElement;
  const isRoot = (el: RichElement) => el === root;
  let dropping: { name: string; depth: number } | undefined;

  const append = (node: RichNode) => {
    const children = top().children;
    const last = children[children.length - 1];
    if (typeof node === "string" && typeof last === "string") children[children.length - 1] = last + node;
    else children.push(node);
  };
  const open = (tag: RichTag, href?: string) => {
    if (stack.length > MAX_DEPTH) return false;
    const el: RichElement = href === undefined ? { tag, children: [] } : { tag, href, children: [] };
    append(el);
    if (tag !== "br" && tag !== "hr") stack.push(el);
    return true;
  };
  /** Blocks may only sit in the root, a quote or a list item: close whatever else is open. */
  const toFlowContainer = () => {
    while (!isRoot(top()) && !FLOW_CONTAINERS.has(top().tag)) stack.pop();
  };
  /** Text and inline elements may not sit directly in a list: they get a list item. */
  const ensureInlineAllowed = () => {
    const t = top().tag;
    if (!isRoot(top()) && (t === "ul" || t === "ol")) open("li");
  };

  for (const token of tokenize(html)) {
    if (dropping) {
      if (token.kind === "open" && token.name === dropping.name) dropping.depth++;
      if (token.kind === "close" && token.name === dropping.name && --dropping.depth === 0) dropping = undefined;
      continue;
    }
    if (token.kind === "text") {
      const t = top();
      if (!isRoot(t) && (t.tag === "ul" || t.tag === "ol")) {
        if (token.value.trim() === "") continue;
        ensureInlineAllowed();
      }
      append(token.value);
      continue;
    }
    if (token.kind === "open") {
      if (DROP_WITH_CONTENT.has(token.name)) {
        if (!VOID.has(token.name)) dropping = { name: token.name, depth: 1 };
        continue;
      }
      const tag = RENAME[token.name];
      if (!tag) continue; // unknown element: unwrapped, its text stays
      if (tag === "li") {
        let list = -1;
        for (let k = stack.length - 1; k > 0; k--) {
          const t = (stack[k] as RichElement).tag;
          if (t === "ul" || t === "ol") {
            list = k;
            break;
          }
        }
        if (list === -1) {
          // A list item outside a list becomes a paragraph.
          toFlowContainer();
          open("p");
        } else {
          stack.length = list + 1; // closes the previous item and whatever is open in it
          open("li");
        }
        continue;
      }
      if (BLOCKS.has(tag)) {
        toFlowContainer();
        open(tag);
        continue;
      }
      ensureInlineAllowed();
      if (tag === "a") {
        // Links cannot nest: a new one closes the open one.
        const openLink = stack.findIndex((el) => el.tag === "a" && !isRoot(el));
        if (openLink > 0) stack.length = openLink;
        const href = safeHref(token.attrs.get("href") ?? "");
        if (href === undefined) continue; // a link without a safe address is just its text
        open("a", href);
        continue;
      }
      open(tag);
      continue;
    }
    // Closing tag: close up to the matching open element, if there is one.
    const tag = RENAME[token.name];
    if (!tag) continue;
    for (let k = stack.length - 1; k > 0; k--) {
      if ((stack[k] as RichElement).tag === tag) {
        stack.length = k;
        break;
      }
      // A closing inline tag never closes a block around it.
      if (!BLOCKS.has(tag) && BLOCKS.has((stack[k] as RichElement).tag)) break;
    }
  }
  return prune(root.children);
}

/** Drops empty elements (except br and hr) and whitespace between list items. */
function prune(nodes: RichNode[]): RichNode[] {
  const out: RichNode[] = [];
  for (const node of nodes) {
    if (typeof node === "string") {
      if (node !== "") out.push(node);
      continue;
    }
    if (node.tag === "br" || node.tag === "hr") {
      out.push(node);
      continue;
    }
    let children = prune(node.children);
    if (node.tag === "ul" || node.tag === "ol") children = children.filter((c) => typeof c !== "string");
    if (children.length === 0) continue;
    out.push({ ...node, children });
  }
  return out;
}
