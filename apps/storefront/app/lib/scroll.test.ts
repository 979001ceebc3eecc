import { describe, expect, it } from "vitest";
import { SCROLL_OFFSET_PX, type ScrollDecision, scrollTarget } from "./scroll.ts";

const decide = (overrides: Partial<ScrollDecision>) =>
  scrollTarget({
    fromPageType: "product_list",
    toPageType: "product_list",
    fullPath: "/de/c/damen/?page=2",
    hash: "",
    preventScrollReset: false,
    storedPosition: (path) => (path === "/de/c/damen/?page=2" ? 1200 : undefined),
    ...overrides,
  });

describe("scroll behaviour (specification section 2)", () => {
  it("restores the stored position minus 158 px on category-to-category navigation", () => {
    expect(SCROLL_OFFSET_PX).toBe(158);
    expect(decide({})).toEqual({ kind: "position", top: 1200 - 158 });
  });

  it("never scrolls above the top", () => {
    expect(decide({ storedPosition: () => 100 })).toEqual({ kind: "position", top: 0 });
  });

  it("scrolls to the top when nothing is stored for the full path", () => {
    expect(decide({ fullPath: "/de/c/damen/?page=3" })).toEqual({ kind: "top" });
  });

  it("scrolls to the top on any other navigation, even with a stored position", () => {
    expect(decide({ fromPageType: "product_detail" })).toEqual({ kind: "top" });
    expect(decide({ toPageType: "cart" })).toEqual({ kind: "top" });
  });

  it("goes to the hash when there is one", () => {
    expect(decide({ fromPageType: "home", hash: "#gr%C3%B6sse" })).toEqual({ kind: "hash", id: "grösse" });
    expect(decide({ fromPageType: "home", hash: "#" })).toEqual({ kind: "top" });
  });

  it("keeps the position when the navigation asks for it", () => {
    expect(decide({ preventScrollReset: true })).toEqual({ kind: "none" });
    expect(decide({ fromPageType: "checkout", toPageType: "checkout", preventScrollReset: true })).toEqual({
      kind: "none",
    });
  });

  it("opens another kind of page at the top even when the navigation asked to keep the position", () => {
    // The checkout's place-order form keeps the position; its answer is the order confirmation.
    expect(decide({ fromPageType: "checkout", toPageType: "success", preventScrollReset: true })).toEqual({
      kind: "top",
    });
  });
});
