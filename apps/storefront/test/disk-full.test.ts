import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutUpToReview, placeReviewedOrder } from "./server-process.ts";
import { startTestShop, type TestBrowser, type TestShop } from "./shop-client.ts";

/**
 * Issue 24, faults: the disk of the SQLite data folder fills up while the shop runs. The folder is a small tmpfs
 * of its own (mounted by this test, which needs root, as the tests run here and in CI), filled to its last byte
 * by a file. A write then answers 503 with Retry-After and the wording of the error mapper, readiness fails
 * naming the database, the log says SQLITE_FULL; reads go on; and once the file is removed (space is back) the
 * same process takes writes again, without a restart. SQLite on both test runs (the PostgreSQL run too).
 */

const canMount = process.getuid?.() === 0;
const MOUNT_MB = 48;

let shop: TestShop;
let folder: string;
let mounted = false;
const filler = () => join(folder, "filler");

beforeAll(async () => {
  if (!canMount) return;
  folder = mkdtempSync(join(tmpdir(), "vitrine-disk-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${MOUNT_MB}m`, "tmpfs", folder]);
  mounted = true;
  delete process.env.DATABASE_SCHEMA;
  process.env.DATABASE_URL = "";
  shop = await startTestShop({
    DATABASE_URL: "",
    VITRINE_DATA_DIR: folder,
    DEMO_PRODUCTS: "40",
    VITRINE_SECRET: "a-test-secret-of-at-least-32-characters",
  });
}, 60_000);

afterAll(async () => {
  await shop?.close();
  if (mounted) execFileSync("umount", ["--lazy", folder]);
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Fills the file system to its last byte. */
function fillDisk(): number {
  const fd = openSync(filler(), "a");
  const chunk = Buffer.alloc(1 << 20, 1);
  let written = 0;
  try {
    for (let size = chunk.length; size >= 1; ) {
      try {
        written += writeSync(fd, chunk, 0, size);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
        size = Math.floor(size / 2);
      }
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

/** A variant sold from stock with plenty of it. */
async function someVariant(): Promise<number> {
  const check = new Database(join(folder, "vitrine.sqlite"), { readonly: true });
  try {
    const row = check
      .prepare("select id from variant where sellable_without_stock = 0 and stock_quantity >= 5 order by id limit 1")
      .get() as { id: number };
    return row.id;
  } finally {
    check.close();
  }
}

async function basketQuantity(browser: TestBrowser): Promise<number> {
  const basket = await browser.rpc("getBasket", null);
  expect(basket.status).toBe(200);
  const { items } = (await basket.json()) as { items: { quantity: number }[] };
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

let signUps = 0;
function signUp() {
  signUps++;
  return shop.browser().submit("/de/login/?register=true", {
    intent: "sign-up",
    firstName: "Voll",
    lastName: "Platte",
    email: `full.${process.pid}.${signUps}@example.com`,
    password: "Sommer-2026!",
  });
}

describe.skipIf(!canMount)("the SQLite data folder's disk fills up (a tmpfs of this test)", () => {
  it("answers writes 503 with a log line while the disk is full, and takes them again once space is back", async () => {
    expect((await signUp()).status).toBe(302);
    expect((await shop.browser().fetch("/readyz")).status).toBe(200);
    const shopper = shop.browser();
    expect((await shopper.rpc("addItemToBasket", { variantId: await someVariant(), quantity: 1 })).status).toBe(200);
    const buyer = shop.browser();
    expect((await buyer.rpc("addItemToBasket", { variantId: await someVariant(), quantity: 1 })).status).toBe(200);
    const review = await checkoutUpToReview(buyer, `full.buyer.${process.pid}@example.com`);

    fillDisk();
    // The first write that needs a page more than the files hold fails; earlier ones may still fit in the WAL.
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 200 && !refused; i++) {
      const answer = await signUp();
      statuses.push(answer.status);
      if (answer.status !== 302) refused = answer;
    }
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused?.text()).toContain("cannot save changes");
    expect(statuses.slice(0, -1).every((s) => s === 302)).toBe(true);
    expect(shop.logs()).toContainEqual(
      expect.objectContaining({ level: "error", reason: expect.stringMatching(/SQLITE_FULL/) }),
    );
    const ready = await shop.browser().fetch("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "unavailable", failing: ["database"] });
    // A basket change is refused the same way (RPC: the error shape), and changes nothing.
    const add = await shopper.rpc("addItemToBasket", { variantId: await someVariant(), quantity: 2 });
    expect(add.status).toBe(503);
    expect(add.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await add.json()).toMatchObject({ detail: expect.stringContaining("cannot save changes") });
    // So is an order: not placed.
    const place = await buyer.submit("/de/checkout/", { intent: "place", ...review });
    expect(place.status).toBe(503);
    // Reads go on.
    expect((await shop.browser().fetch("/de/c/damen/")).status).toBe(200);
    expect((await shop.browser().fetch("/healthz")).status).toBe(200);

    // Space is back: the same process writes again.
    rmSync(filler());
    expect((await signUp()).status).toBe(302);
    expect((await shop.browser().fetch("/readyz")).status).toBe(200);
    expect(await basketQuantity(shopper)).toBe(1);
    expect((await shopper.rpc("addItemToBasket", { variantId: await someVariant(), quantity: 2 })).status).toBe(200);
    expect(await basketQuantity(shopper)).toBe(3);
    // The order refused meanwhile is placed now, once (the same idempotency key, sent twice).
    const placed = await placeReviewedOrder(buyer, review);
    expect(placed.number).toMatch(/^\d{8}$/);
    expect((await placeReviewedOrder(buyer, review)).number).toBe(placed.number);
    const file = new Database(join(folder, "vitrine.sqlite"), { readonly: true });
    try {
      const orders = file
        .prepare("select number from shop_order where email = ?")
        .all(`full.buyer.${process.pid}@example.com`);
      expect(orders).toEqual([{ number: placed.number }]);
    } finally {
      file.close();
    }
    // The file is whole.
    const check = new Database(join(folder, "vitrine.sqlite"), { readonly: true });
    try {
      expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      check.close();
    }
  });
});
