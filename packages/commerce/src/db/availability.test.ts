import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
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

describe("SQLite transactions beside another process", () => {
  it("take the write lock when they begin, so another process's commit cannot fail their first write", async () => {
    // Found by two web processes on one SQLite file (apps/storefront/test/two-processes.test.ts): a sign-up's
    // transaction read, the other process committed, and the sign-up's first write failed with
    // SQLITE_BUSY_SNAPSHOT (a 500), which no busy_timeout can wait out.
    const folder = mkdtempSync(join(tmpdir(), "vitrine-lock-"));
    const file = join(folder, "shop.sqlite");
    const db = createDatabase({ url: file });
    // The other process: its own connection to the file, not waiting for locks.
    const other = new SQLite(file, { timeout: 0 });
    try {
      await sql`create table t (id integer primary key, n integer not null)`.execute(db);
      await sql`insert into t (id, n) values (1, 0)`.execute(db);
      const otherWrites: string[] = [];
      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from t where id = 1`.execute(trx);
        try {
          other.prepare("update t set n = n + 100 where id = 1").run();
          otherWrites.push("committed");
        } catch (error) {
          // It waits for the lock (here: it would, with a busy_timeout).
          otherWrites.push((error as { code: string }).code);
        }
        await sql`update t set n = ${(rows[0]?.n ?? 0) + 1} where id = 1`.execute(trx);
      });
      expect(otherWrites).toEqual(["SQLITE_BUSY"]);
      other.prepare("update t set n = n + 100 where id = 1").run();
      const { rows } = await sql<{ n: number }>`select n from t where id = 1`.execute(db);
      expect(rows[0]?.n).toBe(101);
    } finally {
      other.close();
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
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
    // Another process (a long CLI import) holding the file's write lock longer than busy_timeout.
    expect(databaseTrouble(failure("SQLITE_BUSY"))?.kind).toBe("refuses-writes");
    expect(databaseTrouble(failure("25006"))?.kind).toBe("refuses-writes");
    expect(databaseTrouble(failure("53100"))?.kind).toBe("refuses-writes");
    expect(databaseTrouble(failure("23505"))).toBeUndefined();
    expect(databaseTrouble(failure("SQLITE_CONSTRAINT_UNIQUE"))).toBeUndefined();
    expect(databaseTrouble("not an error")).toBeUndefined();
  });
});
