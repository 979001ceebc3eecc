import { describe, expect, it } from "vitest";
import { formatShortDay, intlShortDay } from "./dates.ts";

describe("formatShortDay", () => {
  it("writes every day of 2026 to 2028 in each shop locale exactly as Intl.DateTimeFormat does", () => {
    for (const locale of ["de-DE", "de-AT", "de-CH", "fr-CH", "en-GB"]) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000) {
        const day = new Date(t).toISOString().slice(0, 10);
        expect(formatShortDay(day, locale), `${locale} ${day}`).toBe(intlShortDay(day, locale));
      }
    }
  });

  it("writes the store's forms, and other locales through Intl", () => {
    expect(formatShortDay("2026-03-02", "de-DE")).toBe("Mo., 2. März");
    expect(formatShortDay("2026-01-05", "de-AT")).toBe("Mo., 5. Jän.");
    expect(formatShortDay("2026-03-02", "fr-CH")).toBe("lun. 2 mars");
    expect(formatShortDay("2026-09-02", "en-GB")).toBe("Wed 2 Sept");
    expect(formatShortDay("2026-03-02", "it-CH")).toBe(intlShortDay("2026-03-02", "it-CH"));
  });
});
