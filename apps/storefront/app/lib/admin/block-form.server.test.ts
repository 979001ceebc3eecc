import { BLOCK_TEMPLATES, BLOCK_TYPES, type BlockType, validateBlock } from "@vitrine/commerce";
import { describe, expect, it } from "vitest";
import { type FieldNode, fieldName, jsonName, listLengthName } from "./block-fields.ts";
import { blockFromForm, changeList, fieldNodes } from "./block-form.server.ts";

/** The form fields a browser posts for a block's form as drawn (every input with its current value). */
function posted(index: number, nodes: readonly FieldNode[], into = new Map<string, string>()): Map<string, string> {
  for (const node of nodes) {
    switch (node.kind) {
      case "text":
      case "number":
      case "choice":
        into.set(fieldName(index, node.path), node.value);
        break;
      case "json":
        into.set(jsonName(index, node.path), node.value);
        break;
      case "variant":
        into.set(fieldName(index, `${node.path}.${node.key}`), node.value);
        posted(index, node.children, into);
        break;
      case "group":
        posted(index, node.children, into);
        break;
      case "list":
        into.set(listLengthName(index, node.path), String(node.items.length));
        posted(index, node.items, into);
        break;
    }
  }
  return into;
}

function roundTrip(type: BlockType, block: Record<string, unknown>, change?: (form: Map<string, string>) => void) {
  const nodes = fieldNodes(type, block) ?? [];
  const form = posted(3, nodes);
  change?.(form);
  return blockFromForm(type, 3, (name) => form.get(name) ?? null);
}

function flatKinds(nodes: readonly FieldNode[]): string[] {
  return nodes.flatMap((n) =>
    n.kind === "group" || n.kind === "variant"
      ? [n.kind, ...flatKinds(n.children)]
      : n.kind === "list"
        ? [n.kind, ...flatKinds(n.items)]
        : [n.kind],
  );
}

describe("content block forms drawn from the block schemas", () => {
  it("give every block type a form that posts the block back unchanged, without JSON", () => {
    for (const type of BLOCK_TYPES) {
      const template = validateBlock(BLOCK_TEMPLATES[type]);
      if (!template.ok) throw new Error(`template ${type}`);
      const block = template.block as unknown as Record<string, unknown>;
      const nodes = fieldNodes(type, block) ?? [];
      expect(flatKinds(nodes), type).not.toContain("json");
      const back = validateBlock(roundTrip(type, block));
      expect(back.ok, type).toBe(true);
      if (back.ok) expect(back.block, type).toEqual(template.block);
    }
  });

  it("reads what a merchandiser types: numbers, choices, texts in nested lists", () => {
    const back = roundTrip("product_slider", BLOCK_TEMPLATES.product_slider as Record<string, unknown>, (form) => {
      form.set(fieldName(3, "title"), "Neu im Herbst");
      form.set(fieldName(3, "limit"), "8");
      form.set(fieldName(3, "source.slotId"), "sale");
    });
    expect(back).toEqual({
      type: "product_slider",
      title: "Neu im Herbst",
      source: { kind: "recommendation", slotId: "sale" },
      limit: 8,
    });
    const columns = roundTrip("footer_columns", BLOCK_TEMPLATES.footer_columns as Record<string, unknown>, (form) => {
      form.set(fieldName(3, "columns.0.links.0.label"), "Versand");
    });
    expect(columns).toEqual({
      type: "footer_columns",
      columns: [{ title: "Service", links: [{ href: "/s/versand/", label: "Versand" }] }],
    });
  });

  it("leaves an optional group out when all its fields are empty, and keeps a half-filled one for the schema to judge", () => {
    const cta = BLOCK_TEMPLATES.call_to_action as Record<string, unknown>;
    const nodes = fieldNodes("call_to_action", cta) ?? [];
    expect(nodes.map((n) => n.path)).toContain("secondaryLink");
    const without = roundTrip("call_to_action", cta);
    expect(without).not.toHaveProperty("secondaryLink");
    const half = roundTrip("call_to_action", cta, (form) => form.set(fieldName(3, "secondaryLink.label"), "Mehr"));
    expect(half).toMatchObject({ secondaryLink: { href: "", label: "Mehr" } });
    const judged = validateBlock(half);
    expect(judged.ok).toBe(false);
    if (!judged.ok) expect(new Set(judged.issues.map((i) => i.field))).toEqual(new Set(["secondaryLink.href"]));
  });

  it("hands a number that is not one to the schema, which names the field", () => {
    const back = roundTrip("product", { type: "product", productId: 12 }, (form) =>
      form.set(fieldName(3, "productId"), "zwölf"),
    );
    const judged = validateBlock(back);
    expect(judged.ok).toBe(false);
    if (!judged.ok) expect(judged.issues.map((i) => i.field)).toEqual(["productId"]);
  });

  it("switches a union's kind: the new kind's fields are asked for", () => {
    const block = BLOCK_TEMPLATES.product_slider as Record<string, unknown>;
    const back = roundTrip("product_slider", block, (form) => form.set(fieldName(3, "source.kind"), "category"));
    expect(back.source).toEqual({ kind: "category" });
    const judged = validateBlock(back);
    expect(judged.ok).toBe(false);
    if (!judged.ok) expect(judged.issues.map((i) => i.field)).toEqual(["source.categoryKey"]);
    const nodes = fieldNodes("product_slider", back) ?? [];
    const source = nodes.find((n) => n.path === "source");
    expect(source).toMatchObject({
      kind: "variant",
      value: "category",
      options: ["products", "category", "recommendation"],
    });
    expect(source?.kind === "variant" && source.children.map((c) => c.path)).toEqual(["source.categoryKey"]);
  });

  it("adds list entries as copies of the last one, removes them, and keeps the schema's bounds", () => {
    const block = structuredClone(BLOCK_TEMPLATES.size_chart) as Record<string, unknown>;
    expect(changeList("size_chart", block, "rows")).toBe(true);
    expect(block.rows).toEqual([
      ["S", "88"],
      ["M", "96"],
      ["M", "96"],
    ]);
    expect(changeList("size_chart", block, "rows.2")).toBe(true);
    expect((block.rows as string[][])[2]).toEqual(["M", "96", "96"]);
    expect(changeList("size_chart", block, "rows", 0)).toBe(true);
    expect((block.rows as string[][]).length).toBe(2);
    // Grid items are a union: a new entry copies the last, whatever its kind.
    const grid = structuredClone(BLOCK_TEMPLATES.grid) as Record<string, unknown>;
    expect(changeList("grid", grid, "items")).toBe(true);
    expect((grid.items as unknown[]).length).toBe(3);
    // A list at its minimum keeps its last entry; paths that are no list are refused.
    const teaser = structuredClone(BLOCK_TEMPLATES.category_teaser) as Record<string, unknown>;
    expect(changeList("category_teaser", teaser, "items", 0)).toBe(false);
    expect(changeList("category_teaser", teaser, "items", 5)).toBe(false);
    expect(changeList("category_teaser", teaser, "title")).toBe(false);
    expect(changeList("category_teaser", teaser, "__proto__")).toBe(false);
    // A list inside the chosen kind of a union.
    const slider = { type: "product_slider", source: { kind: "products", productIds: [4] }, limit: 12 };
    expect(changeList("product_slider", slider, "source.productIds")).toBe(true);
    expect(slider.source.productIds).toEqual([4, 4]);
  });
});
