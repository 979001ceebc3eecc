import { describe, expect, it } from "vitest";
import { leafCategoryId, looksWithProduct } from "./product-page.server.ts";

describe("categories and looks", () => {
  it("takes the most specific category as the leaf", () => {
    expect(
      leafCategoryId({
        categories: [
          { id: 1, name: "Damen", path: "/c/damen/", shopLevelCustomData: {} as never },
          { id: 7, name: "Kleider", path: "/c/damen/bekleidung/kleider/", shopLevelCustomData: {} as never },
          { id: 3, name: "Bekleidung", path: "/c/damen/bekleidung/", shopLevelCustomData: {} as never },
        ],
      }),
    ).toBe(7);
    expect(leafCategoryId({ categories: [] })).toBeUndefined();
  });

  it("finds the looks a product is part of", () => {
    const look = (id: number, productIds: number[]) => ({
      id,
      names: { de: "", fr: "", en: "" },
      descriptions: { de: "", fr: "", en: "" },
      gender: "women" as const,
      productIds,
    });
    expect(looksWithProduct([look(1, [5, 6]), look(2, [7, 8]), look(3, [6, 9])], 6).map((l) => l.id)).toEqual([1, 3]);
  });
});
