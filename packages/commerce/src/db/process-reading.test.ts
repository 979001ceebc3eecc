import { describe, expect, it } from "vitest";
import type { Db } from "./database.ts";
import { processReading } from "./process-reading.ts";

const db = {} as Db;
const otherDb = {} as Db;

describe("processReading", () => {
  it("reads once per TTL and database, shares a read in flight, and reads again after forget", async () => {
    let reads = 0;
    const reading = processReading(1000, async () => ++reads);
    const [a, b] = await Promise.all([reading.get(db, 0), reading.get(db, 10)]);
    expect([a, b, reads]).toEqual([1, 1, 1]);
    expect(await reading.get(db, 999)).toBe(1);
    expect(await reading.get(otherDb, 999)).toBe(2);
    expect(await reading.get(db, 1000)).toBe(3);
    reading.forget(db);
    expect(await reading.get(db, 1001)).toBe(4);
  });

  it("keeps no failed read", async () => {
    let fail = true;
    const reading = processReading(1000, async () => {
      if (fail) throw new Error("database gone");
      return "read";
    });
    await expect(reading.get(db, 0)).rejects.toThrow("database gone");
    fail = false;
    expect(await reading.get(db, 1)).toBe("read");
  });
});
