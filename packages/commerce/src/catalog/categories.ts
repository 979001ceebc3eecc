import type { Ctx } from "../context.ts";
import type { Language } from "../shop/shops.ts";
import { decodeUriComponentOrUndefined } from "../util.ts";
import type { CategoryRecord } from "./records.ts";
import { stripCategorySlugDigits } from "./slug.ts";
import { loadCategoryRecords } from "./store.ts";

/** Children levels returned with a category (specification: 5 child levels). */
export const CATEGORY_CHILD_DEPTH = 5;

export interface CategoryNode {
  record: CategoryRecord;
  parent: CategoryNode | undefined;
  children: CategoryNode[];
  depth: number;
}

/** A category as the shop returns it: localized, with its path, the sale property and child levels. */
export interface CategoryView {
  id: number;
  key: string;
  name: string;
  slug: string;
  description: string;
  /** Localized path without store prefix: `/c/damen/bekleidung/kleider/`. */
  path: string;
  parentId: number | null;
  role: CategoryRecord["role"];
  sale: boolean;
  shopLevelCustomData: { shopBaseCategory: string; categoryKey: string; trackingKey: string };
  children: CategoryView[];
}

/** The category tree in memory: small (hundreds of nodes), read on every listing, rebuilt on change. */
export class CategoryTree {
  readonly nodes = new Map<number, CategoryNode>();
  readonly roots: CategoryNode[] = [];

  constructor(records: readonly CategoryRecord[]) {
    for (const record of records) this.nodes.set(record.id, { record, parent: undefined, children: [], depth: 0 });
    for (const node of this.nodes.values()) {
      const parent = node.record.parentId === null ? undefined : this.nodes.get(node.record.parentId);
      node.parent = parent;
      if (parent) parent.children.push(node);
      else this.roots.push(node);
    }
    const byPosition = (a: CategoryNode, b: CategoryNode) =>
      a.record.position - b.record.position || a.record.id - b.record.id;
    this.roots.sort(byPosition);
    for (const node of this.nodes.values()) node.children.sort(byPosition);
    const setDepth = (node: CategoryNode, depth: number) => {
      node.depth = depth;
      for (const child of node.children) setDepth(child, depth + 1);
    };
    for (const root of this.roots) setDepth(root, 0);
  }

  /** Whether the category or one above it is hidden: out of the shop's menu and pages. */
  isHidden(id: number): boolean {
    for (let node = this.nodes.get(id); node; node = node.parent) if (node.record.hidden === true) return true;
    return false;
  }

  /** The root categories the shop shows (hidden ones left out). */
  visibleRoots(): CategoryNode[] {
    return this.roots.filter((n) => n.record.hidden !== true);
  }

  get(id: number): CategoryNode | undefined {
    return this.nodes.get(id);
  }

  byKey(key: string): CategoryNode | undefined {
    for (const node of this.nodes.values()) if (node.record.key === key) return node;
    return undefined;
  }

  /** Root first, the node last. */
  ancestry(id: number): CategoryNode[] {
    const chain: CategoryNode[] = [];
    for (let node = this.nodes.get(id); node; node = node.parent) chain.unshift(node);
    return chain;
  }

  slugPath(id: number, language: Language): string[] {
    return this.ancestry(id).map((n) => n.record.translations[language].slug);
  }

  /** `/c/…/` path of a category in a language (no store prefix). */
  path(id: number, language: Language): string {
    return `/c/${this.slugPath(id, language).join("/")}/`;
  }

  /** Ids of the category and all categories below it. */
  descendantIds(id: number): number[] {
    const out: number[] = [];
    const walk = (node: CategoryNode | undefined) => {
      if (!node) return;
      out.push(node.record.id);
      for (const child of node.children) walk(child);
    };
    walk(this.nodes.get(id));
    return out;
  }

  /**
   * Finds a category by its slug path in a language. Slugs ending in `-digits` lose the digits. When the full
   * chain does not match, a unique category with the last slug is returned as a non-canonical match, so old
   * or shortened links still land (and can be redirected to the canonical path).
   */
  findByPath(language: Language, segments: readonly string[]): { node: CategoryNode; canonical: boolean } | undefined {
    const decoded = segments.filter((s) => s !== "").map(decodeUriComponentOrUndefined);
    if (decoded.length === 0 || decoded.some((s) => s === undefined)) return undefined;
    const slugs = (decoded as string[]).map((s) => stripCategorySlugDigits(s.toLowerCase()));
    let level: CategoryNode[] = this.roots;
    let found: CategoryNode | undefined;
    for (const slug of slugs) {
      found = level.find((n) => n.record.translations[language].slug === slug);
      if (!found) break;
      level = found.children;
    }
    if (found && this.isHidden(found.record.id)) return undefined;
    if (found && this.slugPath(found.record.id, language).length === slugs.length) {
      const exact = segments.every((s, i) => s === this.slugPath(found.record.id, language)[i]);
      return { node: found, canonical: exact };
    }
    const last = slugs[slugs.length - 1];
    const matches = [...this.nodes.values()].filter(
      (n) => n.record.translations[language].slug === last && !this.isHidden(n.record.id),
    );
    return matches.length === 1 && matches[0] ? { node: matches[0], canonical: false } : undefined;
  }

  view(id: number, language: Language, depth = CATEGORY_CHILD_DEPTH): CategoryView | undefined {
    const node = this.nodes.get(id);
    return node ? this.viewOf(node, language, depth) : undefined;
  }

  private viewOf(node: CategoryNode, language: Language, depth: number): CategoryView {
    const { record } = node;
    const t = record.translations[language];
    return {
      id: record.id,
      key: record.key,
      name: t.name,
      slug: t.slug,
      description: t.description,
      path: this.path(record.id, language),
      parentId: record.parentId,
      role: record.role,
      sale: record.isSale,
      shopLevelCustomData: {
        shopBaseCategory: record.shopBaseCategory,
        categoryKey: record.key,
        trackingKey: record.trackingKey,
      },
      children:
        depth > 0
          ? node.children.filter((c) => c.record.hidden !== true).map((c) => this.viewOf(c, language, depth - 1))
          : [],
    };
  }
}

export async function loadCategoryTree(ctx: Pick<Ctx, "db">): Promise<CategoryTree> {
  return new CategoryTree(await loadCategoryRecords(ctx));
}
