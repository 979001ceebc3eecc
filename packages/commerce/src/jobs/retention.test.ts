import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock.ts";
import { createTestDatabase, type TestDatabase, testCtx } from "../db/testing.ts";
import { runRetention } from "./retention.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

const NOW = "2026-05-01T12:00:00.000Z";
const daysAgo = (days: number) => new Date(Date.parse(NOW) - days * 86_400_000).toISOString();

async function seed() {
  const basket = (key: string, kind: string, updated: string) => ({
    key,
    store_code: "de",
    owner_kind: kind,
    owner_id: `${kind}-${key}`,
    custom_data: "{}",
    created_at: updated,
    updated_at: updated,
  });
  await t.db
    .insertInto("basket")
    .values([
      basket("old-guest", "browser", daysAgo(31)),
      basket("new-guest", "browser", daysAgo(29)),
      basket("old-customer", "customer", daysAgo(400)),
    ])
    .execute();
  const draft = (owner: string, kind: string, updated: string) => ({
    store_code: "de",
    owner_kind: kind,
    owner_id: owner,
    draft: "{}",
    created_at: updated,
    updated_at: updated,
  });
  await t.db
    .insertInto("checkout_session")
    .values([
      draft("g1", "browser", daysAgo(40)),
      draft("c1", "customer", daysAgo(40)),
      draft("g2", "browser", daysAgo(1)),
    ])
    .execute();
  const mail = (subject: string, status: string, sentAt: string | null, created: string) => ({
    kind: "order-confirmation",
    recipient: "a@example.com",
    subject,
    text: "t",
    html: "<p>t</p>",
    status,
    attempts: status === "sent" ? 1 : 0,
    last_error: null,
    available_at: created,
    created_at: created,
    sent_at: sentAt,
  });
  await t.db
    .insertInto("mail_outbox")
    .values([
      mail("old sent", "sent", daysAgo(31), daysAgo(31)),
      mail("recent sent", "sent", daysAgo(2), daysAgo(2)),
      mail("old pending", "pending", null, daysAgo(60)),
      mail("old failed", "failed", null, daysAgo(60)),
    ])
    .execute();
  const event = (type: string, at: string) => ({
    type,
    entity: "order",
    entity_id: "1",
    payload: "{}",
    created_at: at,
  });
  await t.db
    .insertInto("event")
    .values([event("order.placed", daysAgo(8)), event("order.paid", daysAgo(6))])
    .execute();
  await t.db
    .insertInto("rate_limit")
    .values([
      { key: "expired", hits: 3, window_ends_at: daysAgo(1) },
      { key: "running", hits: 1, window_ends_at: daysAgo(-1) },
    ])
    .execute();
}

describe("the retention job", () => {
  it("deletes what outlived its period and keeps the rest", async () => {
    await seed();
    const ctx = testCtx(t.db, { clock: fixedClock(NOW) });
    expect(await runRetention(ctx)).toEqual({
      sentMails: 1,
      guestBaskets: 1,
      guestDrafts: 1,
      rateLimits: 1,
      events: 1,
    });
    expect((await t.db.selectFrom("event").select("type").execute()).map((r) => r.type)).toEqual(["order.paid"]);
    expect((await t.db.selectFrom("basket").select("key").orderBy("key").execute()).map((r) => r.key)).toEqual([
      "new-guest",
      "old-customer",
    ]);
    expect(
      (await t.db.selectFrom("mail_outbox").select("subject").orderBy("id").execute()).map((r) => r.subject),
    ).toEqual(["recent sent", "old pending", "old failed"]);
    expect((await t.db.selectFrom("checkout_session").select("owner_id").orderBy("owner_id").execute()).length).toBe(2);
    expect((await t.db.selectFrom("rate_limit").select("key").execute()).map((r) => r.key)).toEqual(["running"]);
    // Nothing more to delete on a second run.
    expect(Object.values(await runRetention(ctx)).every((n) => n === 0)).toBe(true);
  });

  it("follows the period settings", async () => {
    const ctx = testCtx(t.db, {
      clock: fixedClock(NOW),
      config: { MAIL_RETENTION_DAYS: 1, GUEST_BASKET_RETENTION_DAYS: 7 },
    });
    const report = await runRetention(ctx);
    expect(report).toMatchObject({ sentMails: 1, guestBaskets: 1, guestDrafts: 0 });
  });
});
