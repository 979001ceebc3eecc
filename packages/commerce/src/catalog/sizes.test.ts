import { describe, expect, it } from "vitest";
import { compareSizes, displaySize } from "./sizes.ts";

describe("size order", () => {
  it("orders letter sizes as the specification lists them", () => {
    const shuffled = ["xl", "m", "3xl", "2xs", "s", "2xl", "xs", "l"];
    expect([...shuffled].sort(compareSizes)).toEqual(["2xs", "xs", "s", "m", "l", "xl", "2xl", "3xl"]);
  });

  it("orders numeric sizes numerically, not as text", () => {
    expect(["40", "9", "38.5", "100", "38"].sort(compareSizes)).toEqual(["9", "38", "38.5", "40", "100"]);
  });

  it("puts letter sizes before numeric ones and anything else last", () => {
    expect(["onesize", "42", "M", "S"].sort(compareSizes)).toEqual(["S", "M", "42", "onesize"]);
  });

  it("ignores case", () => {
    expect(compareSizes("XL", "xl")).toBe(0);
    expect(compareSizes("XS", "s")).toBeLessThan(0);
  });

  it("shows letter sizes in capitals", () => {
    expect(displaySize("2xl")).toBe("2XL");
    expect(displaySize("38")).toBe("38");
  });
});
