import { describe, expect, it } from "vitest";
import { addWorkingDays, easterSunday, isWorkingDay, localDay, publicHolidays } from "./working-days.ts";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe("public holidays", () => {
  it("finds Easter Sunday", () => {
    expect(easterSunday(2026).toISOString().slice(0, 10)).toBe("2026-04-05");
    expect(easterSunday(2027).toISOString().slice(0, 10)).toBe("2027-03-28");
    expect(easterSunday(2024).toISOString().slice(0, 10)).toBe("2024-03-31");
  });

  it("knows the national holidays of DE, AT, CH and GB in 2026", () => {
    expect([...publicHolidays("DE", 2026)].sort()).toEqual([
      "2026-01-01",
      "2026-04-03",
      "2026-04-06",
      "2026-05-01",
      "2026-05-14",
      "2026-05-25",
      "2026-10-03",
      "2026-12-25",
      "2026-12-26",
    ]);
    const at = publicHolidays("AT", 2026);
    for (const d of ["2026-01-06", "2026-06-04", "2026-08-15", "2026-10-26", "2026-11-01", "2026-12-08"])
      expect(at.has(d), d).toBe(true);
    expect(at.has("2026-04-03")).toBe(false); // Good Friday is no holiday in Austria
    const ch = publicHolidays("CH", 2026);
    for (const d of ["2026-08-01", "2026-04-03", "2026-05-14", "2026-05-25"]) expect(ch.has(d), d).toBe(true);
    expect(ch.has("2026-10-03")).toBe(false);
    const gb = publicHolidays("GB", 2026);
    for (const d of ["2026-05-04", "2026-05-25", "2026-08-31", "2026-04-06"]) expect(gb.has(d), d).toBe(true);
  });
});

describe("working days", () => {
  it("are Monday to Saturday without public holidays", () => {
    expect(isWorkingDay(day("2026-11-28"), "DE")).toBe(true); // Saturday
    expect(isWorkingDay(day("2026-11-29"), "DE")).toBe(false); // Sunday
    expect(isWorkingDay(day("2026-10-03"), "DE")).toBe(false); // German Unity Day (a Saturday)
    expect(isWorkingDay(day("2026-10-03"), "AT")).toBe(true);
    expect(isWorkingDay(day("2026-12-08"), "AT")).toBe(false);
  });

  it("never land on a Sunday or a holiday", () => {
    const thursday = new Date("2026-11-26T10:00:00Z");
    expect(addWorkingDays(thursday, 2, "DE")).toBe("2026-11-28");
    expect(addWorkingDays(thursday, 3, "DE")).toBe("2026-11-30");
    // Over Christmas: 24 Dec (Thu) + 1 → 25, 26 holidays, 27 Sunday → Monday 28.
    expect(addWorkingDays(new Date("2026-12-24T09:00:00Z"), 1, "DE")).toBe("2026-12-28");
    // Easter 2027: Thursday 25 March + 1 → Good Friday, Saturday 27 → 27; + 2 → Sunday, Easter Monday → Tuesday.
    expect(addWorkingDays(new Date("2027-03-25T09:00:00Z"), 1, "DE")).toBe("2027-03-27");
    expect(addWorkingDays(new Date("2027-03-25T09:00:00Z"), 2, "DE")).toBe("2027-03-30");
    expect(addWorkingDays(new Date("2027-03-25T09:00:00Z"), 1, "AT")).toBe("2027-03-26");
    // Zero days on a Sunday: the next working day.
    expect(addWorkingDays(new Date("2026-11-29T09:00:00Z"), 0, "CH")).toBe("2026-11-30");
    for (let i = 0; i < 400; i++) {
      const from = new Date(Date.UTC(2026, 0, 1 + i, 12));
      for (const country of ["DE", "AT", "CH", "GB"] as const) {
        const result = day(addWorkingDays(from, 3, country));
        expect(result.getUTCDay()).not.toBe(0);
        expect(publicHolidays(country, result.getUTCFullYear()).has(result.toISOString().slice(0, 10))).toBe(false);
      }
    }
  });

  it("count from the calendar day of the country, not of UTC", () => {
    // 23:30 UTC on Friday is already Saturday in Zurich.
    expect(localDay(new Date("2026-11-27T23:30:00Z"), "CH").toISOString().slice(0, 10)).toBe("2026-11-28");
    expect(localDay(new Date("2026-11-27T23:30:00Z"), "GB").toISOString().slice(0, 10)).toBe("2026-11-27");
  });
});
