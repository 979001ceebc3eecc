import { describe, expect, it } from "vitest";
import { RangeCollector, rangeTables } from "./facets.ts";

/** A deterministic stream of numbers in [0, 1). */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

type Range = { start: number; end: number; endInclusive: boolean };

/** The counts with the table and with a test per range: they must be the same. */
function bothWays(collector: RangeCollector, ranges: readonly Range[]): { table: number[]; tests: number[] } {
  const used = rangeTables.used;
  rangeTables.mode = "always";
  const table = collector.countRanges(ranges);
  const tabled = rangeTables.used > used;
  rangeTables.mode = "never";
  const tests = collector.countRanges(ranges);
  rangeTables.mode = "auto";
  expect(tabled).toBe(true);
  return { table, tests };
}

function collect(collector: RangeCollector, pairs: readonly [seq: number, value: number][]): void {
  collector.reset(pairs.length);
  pairs.forEach(([seq, value], i) => {
    collector.seqs[i] = seq;
    collector.values[i] = value;
  });
  collector.length = pairs.length;
}

describe("range facets count each group once per range, through a table of the values' span", () => {
  it("counts prices (cents) in automatic ranges whose inclusive ends touch the next start", () => {
    const collector = new RangeCollector(0, Number.NEGATIVE_INFINITY, 1, 0);
    // Three groups: 10.00 and 20.00 (group 1), 20.00 (group 2), 29.99 and 30.00 (group 3).
    collect(collector, [
      [1, 1000],
      [1, 2000],
      [2, 2000],
      [3, 2999],
      [3, 3000],
    ]);
    const ranges = [
      { start: 1000, end: 2000, endInclusive: true },
      { start: 2000, end: 3000, endInclusive: false },
      { start: 3000, end: 4000, endInclusive: true },
    ];
    // 20.00 counts in the first range only (it holds it, inclusive), as a value is in one disjoint range.
    expect(bothWays(collector, ranges)).toEqual({ table: [2, 1, 1], tests: [2, 1, 1] });
  });

  it("counts arrival days in windows that overlap, each window that holds a day", () => {
    const day = 86_400_000;
    const collector = new RangeCollector(1, 20_000, day, 1);
    collect(collector, [
      [1, 20_400],
      [2, 20_395],
      [2, 20_396],
      [3, 20_360],
    ]);
    const windows = [
      { start: 20_394 * day, end: 20_401 * day, endInclusive: false },
      { start: 20_371 * day, end: 20_401 * day, endInclusive: false },
      { start: 20_340 * day + 1, end: 20_401 * day, endInclusive: true },
    ];
    expect(bothWays(collector, windows)).toEqual({ table: [2, 2, 3], tests: [2, 2, 3] });
  });

  it("answers as a test per range for random values, ranges, scales and seeds", () => {
    const next = numbers(7);
    for (let round = 0; round < 300; round++) {
      const scale = [1, 0.01, 86_400_000, 3][round % 4] as number;
      const spread = 1 + Math.floor(next() * 5000);
      const base = Math.floor(next() * 100_000);
      const pairs: [number, number][] = [];
      let seq = 0;
      for (let i = 0; i < 1 + next() * 400; i++) {
        if (next() < 0.6) seq++;
        pairs.push([seq, base + Math.floor(next() * spread)]);
      }
      const collector = new RangeCollector(0, Number.NEGATIVE_INFINITY, scale, 0);
      collect(collector, pairs);
      const ranges: Range[] = [];
      const disjoint = next() < 0.6;
      // Overlapping ranges are counted by a bit each in a table of bytes: at most 8 of them.
      const count = 1 + Math.floor(next() * (disjoint ? 12 : 8));
      let at = (base - spread * 0.1) * scale;
      for (let r = 0; r < count; r++) {
        const width = Math.max(1, Math.round(next() * spread * 0.3)) * scale;
        const start = disjoint ? at : (base + next() * spread) * scale;
        // Some ends fall between values, some on them.
        const end = next() < 0.5 ? start + width : start + width + scale / 2;
        ranges.push({ start, end, endInclusive: next() < 0.4 });
        at = next() < 0.3 ? end : end + width / 3;
      }
      const { table, tests } = bothWays(collector, ranges);
      expect(table, JSON.stringify({ round, ranges })).toEqual(tests);
    }
  });

  it("makes a table when the span is at most the tests it saves, and tests each value otherwise", () => {
    const ranges = [
      { start: 0, end: 20_000, endInclusive: false },
      { start: 20_000, end: 40_000, endInclusive: false },
      { start: 40_000, end: 80_000, endInclusive: true },
    ];
    // A category's few hundred prices over 600 euros: testing 3 ranges per value is cheaper than a 60,000 table.
    const next = numbers(3);
    const few: [number, number][] = Array.from({ length: 300 }, (_, i) => [i, 1000 + Math.floor(next() * 59_000)]);
    const small = new RangeCollector(0, Number.NEGATIVE_INFINITY, 1, 0);
    collect(small, few);
    let used = rangeTables.used;
    const answered = small.countRanges(ranges);
    expect(rangeTables.used).toBe(used);
    rangeTables.mode = "always";
    expect(small.countRanges(ranges)).toEqual(answered);
    rangeTables.mode = "auto";
    // A large search's 30,000 prices over the same span: one table answers them.
    const many: [number, number][] = Array.from({ length: 30_000 }, (_, i) => [i, 1000 + Math.floor(next() * 59_000)]);
    const large = new RangeCollector(0, Number.NEGATIVE_INFINITY, 1, 0);
    collect(large, many);
    used = rangeTables.used;
    const tabled = large.countRanges(ranges);
    expect(rangeTables.used).toBe(used + 1);
    rangeTables.mode = "never";
    expect(large.countRanges(ranges)).toEqual(tabled);
    rangeTables.mode = "auto";
  });

  it("falls back to a test per range for a span too wide for a table", () => {
    const collector = new RangeCollector(0, Number.NEGATIVE_INFINITY, 1, 0);
    collect(collector, [
      [1, 0],
      [2, 50_000_000],
    ]);
    const used = rangeTables.used;
    expect(collector.countRanges([{ start: 0, end: 100_000_000, endInclusive: true }])).toEqual([2]);
    expect(rangeTables.used).toBe(used);
  });
});
