import { createElement, type ReactNode } from "react";
import { RICH_TAGS, type RichNode } from "../../content/rich-text.ts";
import { BlockLink } from "./BlockLink.tsx";

/**
 * Rich text from the server-side sanitizer, rendered as React elements. Tags are checked against the
 * allow-list again here, so even a tree that did not come from the sanitizer cannot add other elements or
 * attributes.
 */
export function RichText({ nodes, className }: { nodes: readonly RichNode[]; className?: string }) {
  return <div className={className ?? "rich-text"}>{renderNodes(nodes)}</div>;
}

function renderNodes(nodes: readonly RichNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === "string") return node;
    const key = index;
    const children = node.children.length > 0 ? renderNodes(node.children) : undefined;
    if (!RICH_TAGS.has(node.tag)) return <span key={key}>{children}</span>;
    if (node.tag === "a") {
      return node.href ? (
        <BlockLink key={key} href={node.href}>
          {children}
        </BlockLink>
      ) : (
        <span key={key}>{children}</span>
      );
    }
    if (node.tag === "br" || node.tag === "hr") return createElement(node.tag, { key });
    return createElement(node.tag, { key }, children);
  });
}
