/**
 * Rich text as a tree of allowed elements: what the server-side sanitizer (`rich-text.server.ts`) makes of an
 * editor's HTML and what `<RichText>` renders as React elements (never as raw HTML).
 */

const RICH_INLINE_TAGS = ["strong", "em", "u", "s", "small", "sub", "sup", "a", "br"] as const;
export const RICH_BLOCK_TAGS = ["p", "h2", "h3", "h4", "blockquote", "ul", "ol", "li", "hr"] as const;
export type RichTag = (typeof RICH_INLINE_TAGS)[number] | (typeof RICH_BLOCK_TAGS)[number];

export const RICH_TAGS: ReadonlySet<string> = new Set<string>([...RICH_INLINE_TAGS, ...RICH_BLOCK_TAGS]);

export interface RichElement {
  tag: RichTag;
  /** Only on `a`: an internal path, #fragment, or an http(s)://, mailto: or tel: address. */
  href?: string;
  children: RichNode[];
}

export type RichNode = string | RichElement;

/** The text of a tree without markup (meta descriptions, summaries). */
export function richTextPlain(nodes: readonly RichNode[]): string {
  let out = "";
  const walk = (list: readonly RichNode[]) => {
    for (const node of list) {
      if (typeof node === "string") out += node;
      else if (node.tag === "br") out += " ";
      else {
        walk(node.children);
        if (node.tag !== "a" && !(RICH_INLINE_TAGS as readonly string[]).includes(node.tag)) out += " ";
      }
    }
  };
  walk(nodes);
  return out.replace(/\s+/g, " ").trim();
}
