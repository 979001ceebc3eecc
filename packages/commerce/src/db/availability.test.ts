import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { databaseTrouble } from "./availability.ts";
import { createDatabase } from "./database.ts";

describe("transactions", () => {
  it("throw the error that failed them, not the rollback's (SQLite ends the transaction itself on SQLITE_FULL)", async () => {
    const db = createDatabase({ url: ":memory:" });
    try {
      const failing = db.transaction().execute(async (trx) => {
        // What SQLite does on SQLITE_FULL or an I/O error: the transaction is gone before Kysely's ROLLBACK.
        await sql`rollback`.execute(trx);
        throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
      });
      await expect(failing).rejects.toThrow("database or disk is full");
    } finally {
      await db.destroy();
    }
  });
});

describe("databaseTrouble", () => {
  const failure = (code: string | undefined, message = "x") => Object.assign(new Error(message), { code });

  it("tells a database that is away from one that refuses writes, and from other errors", () => {
    expect(databaseTrouble(failure("57P01"))?.kind).toBe("unreachable");
    expect(databaseTrouble(failure("ECONNREFUSED"))?.kind).toBe("unreachable");
    expect(databaseTrouble(failure(undefined, "Connection terminated unexpectedly"))?.kind).toBe("unreachable");
    expect(databaseTrouble(new Error("wrapped", { cause: failure("08006") }))?.kind).toBe("unreachable");
    expect(databaseTrouble(failure("SQLITE_FULL"))?.kind).toBe("refuses-writes");
    expect(databaseTrouble(failure("SQLITE_READONLY_DBMOVED"))?.kind).toBe("refuses-writes");
    expect(databaseTrouble(failure("SQLITE_IOERR_WRITE"))?.kind).toBe("refuses-writes");
    expect(databaseTrouble(failure("25006"))?.kind).toBe("refuses-writes");
    expect(databaseTrouble(failure("53100"))?.kind).toBe("refuses-writes");
    expect(databaseTrouble(failure("23505"))).toBeUndefined();
    expect(databaseTrouble(failure("SQLITE_CONSTRAINT_UNIQUE"))).toBeUndefined();
    expect(databaseTrouble("not an error")).toBeUndefined();
  });
});
