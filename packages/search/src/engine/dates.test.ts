import { describe, expect, it } from "vitest";
import { formatApiDate, parseFacetDate, resolveRelativeDate } from "./dates.ts";
import { automaticRanges, niceStep, roundPricePoint } from "./ranges.ts";

const NOW = new Date("2026-11-22T12:30:00Z");

describe("dates", () => {
  it("formats and parses the API date format", () => {
    expect(formatApiDate(NOW)).toBe("2026/11/22@12:30:00");
    expect(parseFacetDate("2026/11/22@12:30:00", NOW)).toBe(NOW.getTime());
    expect(parseFacetDate("2026/11/22", NOW)).toBe(Date.UTC(2026, 10, 22));
  });

  it("resolves relative dates: past, now and next with every unit", () => {
    expect(resolveRelativeDate("now", NOW).getTime()).toBe(NOW.getTime());
    expect(formatApiDate(resolveRelativeDate("past-7-day", NOW))).toBe("2026/11/15@12:30:00");
    expect(formatApiDate(resolveRelativeDate("past-1-week", NOW))).toBe("2026/11/15@12:30:00");
    expect(formatApiDate(resolveRelativeDate("next-2-hour", NOW))).toBe("2026/11/22@14:30:00");
    expect(formatApiDate(resolveRelativeDate("past-1-month", NOW))).toBe("2026/10/22@12:30:00");
    expect(formatApiDate(resolveRelativeDate("past-1-quarter", NOW))).toBe("2026/08/22@12:30:00");
    expect(formatApiDate(resolveRelativeDate("next-1-year", NOW))).toBe("2027/11/22@12:30:00");
    expect(formatApiDate(resolveRelativeDate("past-90-minute", NOW))).toBe("2026/11/22@11:00:00");
  });

  it("refuses relative dates that do not follow period-amount-unit", () => {
    for (const bad of ["past-0-day", "past-day", "past-3-fortnight", "later-1-day", "past-1-day-ago"]) {
      expect(() => parseFacetDate(bad, NOW)).toThrow(
        `The value "${bad}" is not respecting the relative date format "period-amount-unit"`,
      );
    }
  });

  it("refuses dates it cannot parse and dates before 1401", () => {
    expect(() => parseFacetDate("yesterday", NOW)).toThrow('Could not parse the provided date "yesterday"');
    expect(() => parseFacetDate("2026/02/30@00:00:00", NOW)).toThrow("Could not parse");
    expect(() => parseFacetDate("1400/12/31@00:00:00", NOW)).toThrow(
      "Date is before year 1401, which is unsupported by the API",
    );
  });
});

describe("automatic price ranges", () => {
  it("use round steps", () => {
    expect(niceStep(32)).toBe(50);
    expect(niceStep(18)).toBe(20);
    expect(niceStep(2.2)).toBe(2.5);
    expect(niceStep(0.7)).toBe(1);
  });

  it("cut even ranges covering the minimum and the maximum", () => {
    expect(automaticRanges(39.95, 199.95, 5, "even", [])).toEqual([
      { start: 0, end: 50, endInclusive: false },
      { start: 50, end: 100, endInclusive: false },
      { start: 100, end: 150, endInclusive: false },
      { start: 150, end: 200, endInclusive: true },
    ]);
  });

  it("cut equiprobable ranges at price points of the quantiles", () => {
    const prices = [10, 12, 15, 19, 25, 29, 35, 49, 59, 99, 149, 199];
    const ranges = automaticRanges(10, 199, 4, "equiprobable", prices);
    expect(ranges.map((r) => r.start)).toEqual([10, 19, 35, 100]);
    expect(ranges.at(-1)).toEqual({ start: ranges.at(-1)?.start, end: 199, endInclusive: true });
    expect(roundPricePoint(47)).toBe(45);
    expect(roundPricePoint(149)).toBe(150);
  });

  it("make one range when every price is the same", () => {
    expect(automaticRanges(20, 20, 5, "even", [])).toEqual([{ start: 20, end: 21, endInclusive: true }]);
  });
});
