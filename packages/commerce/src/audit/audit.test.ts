import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock.ts";
import { withTransaction } from "../context.ts";
import { createTestDatabase, type TestDatabase, testCtx } from "../db/testing.ts";
import { type Actor, changedFields, cliActor, listAudit, recordAudit } from "./audit.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

const staff: Actor = { type: "staff", id: "staff-1", label: "ops@example.com" };

describe("audit log", () => {
  it("keeps only the fields that changed", () => {
    expect(changedFields({ status: "paid", total: 100, note: null }, { status: "shipped", total: 100 })).toEqual({
      before: { status: "paid" },
      after: { status: "shipped" },
    });
    expect(changedFields({ lines: [1, 2] }, { lines: [1, 2] })).toBeUndefined();
    expect(changedFields({}, { role: "warehouse" })).toEqual({ before: { role: null }, after: { role: "warehouse" } });
  });

  it("records who, when, what, before and after, and lists newest first with filters and paging", async () => {
    const ctx = testCtx(t.db, { clock: fixedClock("2026-11-27T10:00:00.000Z"), requestId: "req-1" });
    await recordAudit(ctx, staff, {
      action: "order.ship",
      subjectType: "order",
      subjectId: 1001,
      before: { status: "paid" },
      after: { status: "shipped" },
    });
    await recordAudit(ctx, cliActor("root"), {
      action: "order.cancel",
      subjectType: "order",
      subjectId: "1002",
      before: { status: "placed" },
      after: { status: "cancelled" },
      note: "customer called",
    });
    await recordAudit(ctx, staff, {
      action: "staff.invite",
      subjectType: "staff",
      subjectId: "staff-2",
      after: { role: "warehouse" },
    });

    const all = await listAudit(ctx);
    expect(all.entries.map((e) => e.action)).toEqual(["staff.invite", "order.cancel", "order.ship"]);
    expect(all.next).toBeUndefined();
    const [invite, cancel, ship] = all.entries;
    expect(ship).toMatchObject({
      at: "2026-11-27T10:00:00.000Z",
      actor: staff,
      subjectType: "order",
      subjectId: "1001",
      before: { status: "paid" },
      after: { status: "shipped" },
      note: null,
      requestId: "req-1",
    });
    expect(cancel?.actor).toEqual({ type: "cli", label: "cli:root" });
    expect(cancel?.note).toBe("customer called");
    expect(invite?.before).toBeNull();

    expect((await listAudit(ctx, { subjectType: "order", subjectId: 1001 })).entries.map((e) => e.action)).toEqual([
      "order.ship",
    ]);
    expect((await listAudit(ctx, { actorId: "staff-1" })).entries).toHaveLength(2);
    expect((await listAudit(ctx, { action: "order.cancel" })).entries).toHaveLength(1);

    const first = await listAudit(ctx, { limit: 2 });
    expect(first.entries.map((e) => e.action)).toEqual(["staff.invite", "order.cancel"]);
    expect(first.next).toBeDefined();
    const second = await listAudit(ctx, { limit: 2, before: first.next });
    expect(second.entries.map((e) => e.action)).toEqual(["order.ship"]);
    expect(second.next).toBeUndefined();
  });

  it("an entry rolls back with the change it records", async () => {
    const ctx = testCtx(t.db, { clock: fixedClock("2026-11-27T11:00:00.000Z") });
    await expect(
      withTransaction(ctx, async (tx) => {
        await recordAudit(tx, staff, {
          action: "order.refund",
          subjectType: "order",
          subjectId: 7,
          after: { refunded: 500 },
        });
        throw new Error("the refund failed");
      }),
    ).rejects.toThrow("the refund failed");
    expect((await listAudit(ctx, { action: "order.refund" })).entries).toEqual([]);
  });
});
