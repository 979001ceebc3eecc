import { describe, expect, it } from "vitest";
import { formatDayRange } from "./format.ts";

describe("formatDayRange", () => {
  it("writes two days around a dash with plain spaces, the same in every ICU version", () => {
    const range = { min: "2026-11-28", max: "2026-11-30" };
    expect(formatDayRange(range, "en-GB")).toBe("Sat 28 Nov – Mon 30 Nov");
    expect(formatDayRange(range, "de-DE")).toBe("Sa., 28. Nov. – Mo., 30. Nov.");
    // Node's `formatRange` put thin spaces (U+2009) around the dash where browsers put plain ones: no hydration.
    expect(formatDayRange(range, "fr-CH")).not.toMatch(/[\u2009\u202f]/);
  });

  it("writes one day when both ends are the same", () => {
    expect(formatDayRange({ min: "2026-12-01", max: "2026-12-01" }, "en-GB")).toBe("Tue 1 Dec");
  });
});
