import { describe, expect, it } from "vitest";
import { isNewArrivalsRoute, parseProductSegment, productSegment, slugify, stripCategorySlugDigits } from "./slug.ts";

describe("slug rule", () => {
  it("removes * + ~ . ( ) ' \" ! : @ / # ? and lowercases", () => {
    expect(slugify(`A*B+C~D.E(F)G'H"I!J:K@L/M#N?O`)).toBe("abcdefghijklmno");
  });

  it("turns spaces into dashes and drops accents like the shop's slug library", () => {
    expect(slugify("Robe en coton à ceinture")).toBe("robe-en-coton-a-ceinture");
    expect(slugify("Kleid aus Baumwolle (Größe M)")).toBe("kleid-aus-baumwolle-grosse-m");
    expect(slugify("  Jeans -- Slim  ")).toBe("jeans-slim");
  });
});

describe("category rules", () => {
  it("strips a trailing -digits from a category slug", () => {
    expect(stripCategorySlugDigits("kleider-1234")).toBe("kleider");
    expect(stripCategorySlugDigits("t-shirts")).toBe("t-shirts");
  });

  it("treats a route as new arrivals when its category or slug is new", () => {
    expect(isNewArrivalsRoute("new", "kleider")).toBe(true);
    expect(isNewArrivalsRoute("damen", "new")).toBe(true);
    expect(isNewArrivalsRoute("damen", "kleider")).toBe(false);
  });
});

describe("product segment", () => {
  it("takes the id from the last dash-number", () => {
    expect(parseProductSegment("kleid-aus-baumwolle-1234")).toEqual({ id: 1234, name: "kleid-aus-baumwolle" });
    expect(parseProductSegment("t-shirt-2-pack-77")).toEqual({ id: 77, name: "t-shirt-2-pack" });
    expect(parseProductSegment("42")).toEqual({ id: 42, name: "" });
  });

  it("rejects segments without a numeric id", () => {
    expect(parseProductSegment("kleid")).toBeUndefined();
    expect(parseProductSegment("kleid-")).toBeUndefined();
    expect(parseProductSegment("kleid-0")).toBeUndefined();
  });

  it("builds the canonical segment", () => {
    expect(productSegment("Kleid aus Baumwolle", 12)).toBe("kleid-aus-baumwolle-12");
  });
});
