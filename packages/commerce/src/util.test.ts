import { describe, expect, it } from "vitest";
import { statementChunks } from "./util.ts";

describe("statementChunks", () => {
  it("cuts any number of items into full chunks and powers of two, in order and complete", () => {
    const lengths = new Set<number>();
    for (let n = 0; n <= 1300; n++) {
      const items = Array.from({ length: n }, (_, i) => i);
      const parts = statementChunks(items, 400);
      expect(parts.flat()).toEqual(items);
      for (const part of parts) lengths.add(part.length);
    }
    // Few statement shapes, whatever the number of rows: 400 and the powers of two below it.
    expect([...lengths].sort((a, b) => a - b)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 400]);
  });

  it("works with a chunk size that is a power of two", () => {
    expect(statementChunks([1, 2, 3, 4, 5, 6, 7], 4).map((p) => p.length)).toEqual([4, 2, 1]);
  });
});
