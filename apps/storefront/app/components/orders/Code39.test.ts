import { describe, expect, it } from "vitest";
import { code39Bars } from "./Code39.tsx";

describe("Code 39 barcode", () => {
  it("draws five bars per character between the start and stop characters, three wide elements each", () => {
    const { bars, width } = code39Bars("R12345678-1");
    // 11 characters plus * at both ends: 13 characters of 5 bars.
    expect(bars).toHaveLength(13 * 5);
    // Each character is 3 wide (6) and 6 narrow (2) elements = 30 units, plus a narrow gap between characters.
    expect(width).toBe(13 * 30 + 12 * 2);
    // The start character * is bar-space-bar with the wide elements at 2, 5 and 7: narrow, narrow, wide bars.
    expect(bars.slice(0, 5).map(([, w]) => w)).toEqual([2, 2, 6, 6, 2]);
  });

  it("upper-cases and leaves out characters Code 39 cannot write", () => {
    expect(code39Bars("r1").bars).toEqual(code39Bars("R1").bars);
    expect(code39Bars("R1_€").bars).toEqual(code39Bars("R1").bars);
  });
});
