import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, listAudit } from "../audit/audit.ts";
import { PRODUCT, seedBasketFixtures, V } from "../basket/test-fixtures.ts";
import type { Clock } from "../clock.ts";
import { createTestDatabase, type TestDatabase, testCtx } from "../db/testing.ts";
import { countPhysicalStores, listPhysicalStores, loadStoreStock } from "./physical-stores.ts";
import {
  addPhysicalStore,
  loadProductStoreStock,
  type PhysicalStoreInput,
  removePhysicalStore,
  setProductStoreStock,
  storeIdFromName,
  updatePhysicalStore,
} from "./store-admin.ts";

/**
 * The operator's physical stores (back office and `vitrine stores`): validation with every error at once, audit and
 * event in the change's transaction, removal of a store that holds stock, and stock per size and store.
 */

let t: TestDatabase;
const at = new Date("2026-11-27T10:00:00.000Z");
const clock: Clock = { now: () => at };
const actor: Actor = { type: "staff", id: "staff-m", label: "merch@example.com" };
const ctx = () => testCtx(t.db, { clock });

const WEEK: PhysicalStoreInput["openingHours"] = [
  ["10:00", "20:00"],
  ["10:00", "20:00"],
  ["10:00", "20:00"],
  ["10:00", "20:00"],
  ["10:00", "20:00"],
  ["10:00", "18:00"],
  null,
];

const hamburg: PhysicalStoreInput = {
  name: "Hamburg Jungfernstieg",
  street: "Jungfernstieg 12",
  zipCode: "20354",
  city: "Hamburg",
  countryCode: "DE",
  latitude: "53,5526",
  longitude: "9.9928",
  phone: "+49 40 123456",
  email: "hamburg@vitrine.example",
  openingHours: WEEK,
};

beforeAll(async () => {
  t = await createTestDatabase();
  await seedBasketFixtures(t.db, at);
});
afterAll(async () => {
  await t?.destroy();
});

async function eventsOf(type: string) {
  const rows = await t.db
    .selectFrom("event")
    .select(["entity", "entity_id", "payload"])
    .where("type", "=", type)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ entity: r.entity, entityId: r.entity_id, payload: JSON.parse(r.payload) }));
}

describe("physical stores", () => {
  it("makes an id from the name", () => {
    expect(storeIdFromName("Zürich Bahnhofstraße")).toBe("zuerich-bahnhofstrasse");
    expect(storeIdFromName("  Wien – Mariahilfer Str. 1 ")).toBe("wien-mariahilfer-str-1");
  });

  it("refuses a store with every wrong field named at once, and writes nothing", async () => {
    const result = await addPhysicalStore(ctx(), actor, {
      ...hamburg,
      name: " ",
      zipCode: "x".repeat(11),
      countryCode: "FR",
      latitude: "north",
      longitude: "200",
      phone: "call me",
      email: "not-an-address",
      openingHours: [["10:00", "09:00"], ["25:00", "20:00"], null, null, null, null, null],
    });
    expect(result).toMatchObject({
      ok: false,
      error: "InvalidInput",
      fields: {
        name: "required",
        zipCode: "too_long",
        countryCode: "country",
        latitude: "number",
        longitude: "longitude",
        phone: "phone",
        email: "email",
        "hours.0": "closes_before_opens",
        "hours.1": "time",
      },
    });
    const swapped = await addPhysicalStore(ctx(), actor, { ...hamburg, latitude: "9.99", longitude: "53.55" });
    expect(swapped).toMatchObject({ ok: false, fields: { latitude: "outside_region" } });
    expect(await countPhysicalStores(ctx())).toBe(0);
    expect(await eventsOf("physical_store.changed")).toEqual([]);
  });

  it("adds a store: audited and published, a second with the same name gets its own id", async () => {
    const added = await addPhysicalStore(ctx(), actor, hamburg);
    expect(added).toMatchObject({
      ok: true,
      store: { id: "hamburg-jungfernstieg", latitude: 53.5526, longitude: 9.9928, countryCode: "DE" },
    });
    const again = await addPhysicalStore(ctx(), actor, hamburg);
    expect(again).toMatchObject({ ok: true, store: { id: "hamburg-jungfernstieg-2" } });
    const taken = await addPhysicalStore(ctx(), actor, { ...hamburg, id: "hamburg-jungfernstieg" });
    expect(taken).toMatchObject({ ok: false, fields: { id: "id_taken" } });
    expect((await listPhysicalStores(ctx())).map((s) => s.id)).toEqual([
      "hamburg-jungfernstieg",
      "hamburg-jungfernstieg-2",
    ]);
    expect(await eventsOf("physical_store.changed")).toEqual([
      { entity: "physical_store", entityId: "hamburg-jungfernstieg", payload: { change: "added" } },
      { entity: "physical_store", entityId: "hamburg-jungfernstieg-2", payload: { change: "added" } },
    ]);
    const audit = await listAudit(ctx(), { subjectType: "physical_store" });
    expect(audit.entries.map((e) => [e.action, e.subjectId])).toEqual([
      ["physical_store.add", "hamburg-jungfernstieg-2"],
      ["physical_store.add", "hamburg-jungfernstieg"],
    ]);
    expect(audit.entries[1]?.after).toMatchObject({ city: "Hamburg", openingHours: WEEK });
  });

  it("changes the opening hours (closing Saturdays): only the changed fields in the audit; no change writes nothing", async () => {
    const hours = [...WEEK];
    hours[5] = null;
    const changed = await updatePhysicalStore(ctx(), actor, "hamburg-jungfernstieg", {
      ...hamburg,
      openingHours: hours,
    });
    expect(changed).toMatchObject({ ok: true, changed: true });
    const stored = (await listPhysicalStores(ctx())).find((s) => s.id === "hamburg-jungfernstieg");
    expect(stored?.openingHours[5]).toBeNull();
    const audit = await listAudit(ctx(), { subjectType: "physical_store" });
    expect(audit.entries[0]).toMatchObject({
      action: "physical_store.update",
      before: { openingHours: WEEK },
      after: { openingHours: hours },
    });
    const events = (await eventsOf("physical_store.changed")).length;
    expect(
      await updatePhysicalStore(ctx(), actor, "hamburg-jungfernstieg", { ...hamburg, openingHours: hours }),
    ).toEqual(expect.objectContaining({ ok: true, changed: false }));
    expect(await eventsOf("physical_store.changed")).toHaveLength(events);
    expect(await updatePhysicalStore(ctx(), actor, "nowhere", hamburg)).toMatchObject({ ok: false, error: "NotFound" });
    expect(await updatePhysicalStore(ctx(), actor, "hamburg-jungfernstieg", { ...hamburg, email: "" })).toMatchObject({
      ok: false,
      error: "InvalidInput",
      fields: { email: "required" },
    });
  });
});

describe("stock per size and store", () => {
  it("sets a product's quantities in one transaction: audited, published as the product's stock change", async () => {
    const before = await loadProductStoreStock(ctx(), PRODUCT.tee);
    expect(before?.variants.map((v) => [v.id, v.size])).toEqual([
      [V.teeS, "s"],
      [V.teeM, "m"],
    ]);
    expect(before?.variants[0]?.quantities).toEqual({ "hamburg-jungfernstieg": 0, "hamburg-jungfernstieg-2": 0 });
    const saved = await setProductStoreStock(ctx(), actor, PRODUCT.tee, [
      { variantId: V.teeS, storeId: "hamburg-jungfernstieg", quantity: "4" },
      { variantId: V.teeM, storeId: "hamburg-jungfernstieg", quantity: "" },
      { variantId: V.teeM, storeId: "hamburg-jungfernstieg-2", quantity: 2 },
    ]);
    expect(saved).toEqual({ ok: true, changed: 2 });
    const after = await loadProductStoreStock(ctx(), PRODUCT.tee);
    expect(after?.variants.map((v) => v.quantities)).toEqual([
      { "hamburg-jungfernstieg": 4, "hamburg-jungfernstieg-2": 0 },
      { "hamburg-jungfernstieg": 0, "hamburg-jungfernstieg-2": 2 },
    ]);
    expect((await eventsOf("stock.changed")).at(-1)).toEqual({
      entity: "product",
      entityId: String(PRODUCT.tee),
      payload: { variantIds: [V.teeS, V.teeM], storeStock: true },
    });
    const audit = await listAudit(ctx(), { subjectType: "product" });
    expect(audit.entries[0]).toMatchObject({
      action: "store_stock.update",
      subjectId: String(PRODUCT.tee),
      before: { "hamburg-jungfernstieg:s": 0, "hamburg-jungfernstieg-2:m": 0 },
      after: { "hamburg-jungfernstieg:s": 4, "hamburg-jungfernstieg-2:m": 2 },
    });
  });

  it("refuses wrong quantities all at once and keeps the stock as it was", async () => {
    const refused = await setProductStoreStock(ctx(), actor, PRODUCT.tee, [
      { variantId: V.teeS, storeId: "hamburg-jungfernstieg", quantity: "-1" },
      { variantId: V.teeM, storeId: "hamburg-jungfernstieg", quantity: "2.5" },
      { variantId: V.teeM, storeId: "hamburg-jungfernstieg-2", quantity: "100000" },
    ]);
    expect(refused).toMatchObject({
      ok: false,
      error: "InvalidInput",
      fields: {
        [`qty.${V.teeS}.hamburg-jungfernstieg`]: "quantity",
        [`qty.${V.teeM}.hamburg-jungfernstieg`]: "quantity",
        [`qty.${V.teeM}.hamburg-jungfernstieg-2`]: "quantity",
      },
    });
    expect(
      await setProductStoreStock(ctx(), actor, PRODUCT.tee, [
        { variantId: V.jeans, storeId: "hamburg-jungfernstieg", quantity: 1 },
      ]),
    ).toMatchObject({ ok: false, error: "NotFound" });
    expect(
      await setProductStoreStock(ctx(), actor, PRODUCT.tee, [{ variantId: V.teeS, storeId: "nowhere", quantity: 1 }]),
    ).toMatchObject({ ok: false, error: "NotFound" });
    expect(await setProductStoreStock(ctx(), actor, 999_999, [])).toMatchObject({ ok: false, error: "NotFound" });
    expect((await loadStoreStock(ctx())).sort((a, b) => a.variantId - b.variantId)).toEqual([
      { storeId: "hamburg-jungfernstieg", variantId: V.teeS, quantity: 4 },
      { storeId: "hamburg-jungfernstieg-2", variantId: V.teeM, quantity: 2 },
    ]);
  });
});

describe("removing a store", () => {
  it("refuses to remove a store that holds stock, then removes it with its stock when asked: audited", async () => {
    const refused = await removePhysicalStore(ctx(), actor, "hamburg-jungfernstieg");
    expect(refused).toMatchObject({ ok: false, error: "Conflict", stock: { variants: 1, pieces: 4 } });
    expect(await countPhysicalStores(ctx())).toBe(2);
    const removed = await removePhysicalStore(ctx(), actor, "hamburg-jungfernstieg", { withStock: true });
    expect(removed).toMatchObject({ ok: true, removedStock: { variants: 1, pieces: 4 } });
    expect((await listPhysicalStores(ctx())).map((s) => s.id)).toEqual(["hamburg-jungfernstieg-2"]);
    expect((await loadStoreStock(ctx())).map((r) => r.storeId)).toEqual(["hamburg-jungfernstieg-2"]);
    const audit = await listAudit(ctx(), { subjectType: "physical_store" });
    expect(audit.entries[0]).toMatchObject({
      action: "physical_store.remove",
      subjectId: "hamburg-jungfernstieg",
      before: { city: "Hamburg", stock: { [String(V.teeS)]: 4 } },
      note: "removed with its stock: 4 piece(s) in 1 size(s)",
    });
    expect((await eventsOf("physical_store.changed")).at(-1)).toMatchObject({
      entityId: "hamburg-jungfernstieg",
      payload: { change: "removed" },
    });
    expect(await removePhysicalStore(ctx(), actor, "hamburg-jungfernstieg")).toMatchObject({
      ok: false,
      error: "NotFound",
    });
  });

  it("removes a store without stock at once", async () => {
    await setProductStoreStock(ctx(), actor, PRODUCT.tee, [
      { variantId: V.teeM, storeId: "hamburg-jungfernstieg-2", quantity: 0 },
    ]);
    expect(await removePhysicalStore(ctx(), actor, "hamburg-jungfernstieg-2")).toMatchObject({
      ok: true,
      removedStock: { variants: 0, pieces: 0 },
    });
    expect(await countPhysicalStores(ctx())).toBe(0);
  });
});
