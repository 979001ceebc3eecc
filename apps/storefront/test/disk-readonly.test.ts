import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutUpToReview, placeReviewedOrder } from "./server-process.ts";
import { startTestShop, type TestBrowser, type TestShop } from "./shop-client.ts";

/**
 * Issue 24, faults: the SQLite data folder becomes read-only while the shop runs, as the kernel does to a file
 * system after an error (`errors=remount-ro`). The folder is an ext4 file system of its own on a loop device
 * (mounted by this test, which needs root, as the tests run here and in CI); ext4's `trigger_fs_error` makes the
 * kernel remount it read-only under the shop's open files. Writes then answer 503 with Retry-After and the error
 * mapper's wording, readiness fails naming the database, the log names the reason; reads go on. The operator then
 * makes it writable again as one does after such an error (unmount, e2fsck, mount): the same process takes writes
 * again without a restart (it opens the database anew), and every order confirmed before the fault is there.
 * SQLite on both test runs (the PostgreSQL run too).
 */

const canMount =
  process.getuid?.() === 0 &&
  (() => {
    try {
      execFileSync("sh", ["-c", "command -v mkfs.ext4 && command -v e2fsck && command -v losetup"], {
        stdio: "ignore",
      });
      return true;
    } catch {
      return false;
    }
  })();

let shop: TestShop;
let work: string;
let folder: string;
let image: string;
let mounted = false;

function mount(): void {
  execFileSync("mount", ["-o", "loop,errors=remount-ro", image, folder]);
  mounted = true;
}

/** The loop device's name (`loop3`), where ext4's sysfs knobs are. */
function device(): string {
  return basename(execFileSync("findmnt", ["-no", "SOURCE", folder], { encoding: "utf8" }).trim());
}

beforeAll(async () => {
  if (!canMount) return;
  work = mkdtempSync(join(tmpdir(), "vitrine-ro-"));
  folder = join(work, "data");
  image = join(work, "disk.ext4");
  execFileSync("mkdir", [folder]);
  execFileSync("truncate", ["-s", "96M", image]);
  execFileSync("mkfs.ext4", ["-q", "-F", image]);
  mount();
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
  if (work) rmSync(work, { recursive: true, force: true });
});

function someVariant(): number {
  const check = new Database(join(folder, "vitrine.sqlite"), { readonly: true, fileMustExist: true });
  try {
    const row = check
      .prepare("select id from variant where sellable_without_stock = 0 and stock_quantity >= 5 order by id limit 1")
      .get() as { id: number };
    return row.id;
  } finally {
    check.close();
  }
}

let signUps = 0;
function signUp() {
  signUps++;
  return shop.browser().submit("/de/login/?register=true", {
    intent: "sign-up",
    firstName: "Nur",
    lastName: "Lesen",
    email: `ro.${process.pid}.${signUps}@example.com`,
    password: "Sommer-2026!",
  });
}

async function basketQuantity(browser: TestBrowser): Promise<number> {
  const basket = await browser.rpc("getBasket", null);
  expect(basket.status).toBe(200);
  const { items } = (await basket.json()) as { items: { quantity: number }[] };
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

describe.skipIf(!canMount)("the SQLite data folder turns read-only while the shop runs (ext4 on a loop device)", () => {
  it("answers writes 503 with a log line while read-only, and takes them again once writable, nothing lost", async () => {
    const variant = someVariant();
    // Before the fault: a customer, a basket and a confirmed order.
    expect((await signUp()).status).toBe(302);
    const shopper = shop.browser();
    expect((await shopper.rpc("addItemToBasket", { variantId: variant, quantity: 1 })).status).toBe(200);
    const buyer = shop.browser();
    expect((await buyer.rpc("addItemToBasket", { variantId: variant, quantity: 1 })).status).toBe(200);
    const email = `ro.buyer.${process.pid}@example.com`;
    const before = await placeReviewedOrder(buyer, await checkoutUpToReview(buyer, email));
    expect(before.number).toMatch(/^\d{8}$/);
    const second = shop.browser();
    expect((await second.rpc("addItemToBasket", { variantId: variant, quantity: 1 })).status).toBe(200);
    const review = await checkoutUpToReview(second, `ro.second.${process.pid}@example.com`);

    // The kernel remounts the file system read-only under the open database (as after an I/O error).
    writeFileSync(`/sys/fs/ext4/${device()}/trigger_fs_error`, "vitrine read-only test");
    expect(execFileSync("findmnt", ["-no", "OPTIONS", folder], { encoding: "utf8" }).trim()).toMatch(
      /(^|,)(ro|emergency_ro)(,|$)/,
    );

    const refused = await signUp();
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.text()).toContain("cannot save changes");
    expect(shop.logs()).toContainEqual(
      expect.objectContaining({ level: "error", reason: expect.stringMatching(/^SQLITE_(READONLY|IOERR)/) }),
    );
    const ready = await shop.browser().fetch("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "unavailable", failing: ["database"] });
    const add = await shopper.rpc("addItemToBasket", { variantId: variant, quantity: 2 });
    expect(add.status).toBe(503);
    expect(await add.json()).toMatchObject({ detail: expect.stringContaining("cannot save changes") });
    const place = await second.submit("/de/checkout/", { intent: "place", ...review });
    expect(place.status).toBe(503);
    // Reads go on.
    expect((await shop.browser().fetch("/de/c/damen/")).status).toBe(200);
    expect((await shop.browser().fetch("/healthz")).status).toBe(200);

    // The operator makes it writable again: unmount (lazily: the shop still holds the old files) and wait until
    // nothing holds them (the shop lets go of failing files within a second), check, mount.
    execFileSync("umount", ["--lazy", folder]);
    mounted = false;
    const attached = () => execFileSync("losetup", ["-j", image], { encoding: "utf8" }).trim() !== "";
    for (let i = 0; i < 40 && attached(); i++) {
      // Meanwhile, without the file: 503, never a new empty database in its place.
      expect((await signUp()).status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(attached()).toBe(false);
    try {
      execFileSync("e2fsck", ["-fy", image], { stdio: "ignore" });
    } catch (error) {
      // 1: errors corrected, as expected after the error this test raised.
      if ((error as { status?: number }).status !== 1) throw error;
    }
    mount();

    // The same process writes again (it reopens the database within a second of the next request).
    let status = 0;
    for (let i = 0; i < 40 && status !== 302; i++) {
      status = (await signUp()).status;
      if (status !== 302) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(302);
    // Ready again (the embedded worker's heartbeat beats within a second).
    await expect.poll(async () => (await shop.browser().fetch("/readyz")).status, { timeout: 5000 }).toBe(200);
    expect(shop.logs()).toContainEqual(expect.objectContaining({ msg: "database: reopened after a storage failure" }));
    expect(await basketQuantity(shopper)).toBe(1);
    expect((await shopper.rpc("addItemToBasket", { variantId: variant, quantity: 2 })).status).toBe(200);
    expect(await basketQuantity(shopper)).toBe(3);
    // The order refused meanwhile is placed now, once.
    const placed = await placeReviewedOrder(second, review);
    expect(placed.number).toMatch(/^\d{8}$/);
    expect((await placeReviewedOrder(second, review)).number).toBe(placed.number);

    // Nothing lost: the order confirmed before the fault is in the file, which is whole.
    const file = new Database(join(folder, "vitrine.sqlite"), { readonly: true });
    try {
      expect(file.prepare("select number from shop_order where email = ?").all(email)).toEqual([
        { number: before.number },
      ]);
      expect(file.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      file.close();
    }
  });
});
