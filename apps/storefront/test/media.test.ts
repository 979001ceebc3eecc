import { readdirSync } from "node:fs";
import { join } from "node:path";
import { type Db, listAudit, mediaKeyOfPath } from "@vitrine/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPicture } from "../../../packages/commerce/src/media/test-pictures.ts";
import { eventually } from "../../../packages/search/test/database.ts";
import { staffBrowser } from "./admin-fixtures.ts";
import { openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestBrowser, type TestShop } from "./shop-client.ts";

/**
 * Issue 21, item 2 over HTTP, against the built storefront: a merchandiser uploads photos for a product on
 * `/admin/products/{id}/images/` (multipart, several files, bad ones refused and not stored), orders them, and
 * the shop's product page shows the upload as a `<picture>` with AVIF and WebP sources within seconds (event
 * feed); the renditions are served with immutable cache headers. Other roles and other sites are refused.
 */

let shop: TestShop;
let db: Db;
let product: number;

beforeAll(async () => {
  shop = await startTestShop();
  db = openShopDatabase();
  const row = await db.selectFrom("product").select("id").orderBy("id").executeTakeFirstOrThrow();
  product = row.id;
});

afterAll(async () => {
  await db?.destroy();
  await shop?.close();
});

const screen = () => `/admin/products/${product}/images/`;

function upload(browser: TestBrowser, files: { name: string; type: string; body: Uint8Array }[], fields = {}) {
  const form = new FormData();
  form.set("intent", "upload");
  for (const [name, value] of Object.entries(fields)) form.set(name, value as string);
  for (const f of files) form.append("file", new Blob([f.body as Uint8Array<ArrayBuffer>], { type: f.type }), f.name);
  return browser.fetch(screen(), { method: "POST", body: form });
}

async function paths(): Promise<string[]> {
  const rows = await db
    .selectFrom("product_image")
    .select("path")
    .where("product_id", "=", product)
    .orderBy("position")
    .execute();
  return rows.map((r) => r.path);
}

const mediaFolders = () => {
  try {
    return readdirSync(join(process.env.VITRINE_DATA_DIR as string, "media")).sort();
  } catch {
    return [];
  }
};

/** The product page's HTML, following the redirect to its canonical address. */
async function productPage(): Promise<string> {
  const browser = shop.browser();
  let response = await browser.fetch(`/de/p/${product}/`);
  while (response.status === 301 || response.status === 302) {
    response = await browser.fetch(response.headers.get("location") as string);
  }
  expect(response.status).toBe(200);
  return response.text();
}

describe("product pictures in the back office", () => {
  let uploaded = "";

  it("takes a merchandiser's photos, refuses what is not a picture (storing nothing of it) and audits", async () => {
    const { browser, staff } = await staffBrowser(shop, db, "merchandiser", { acceptLanguage: "en" });
    const page = await browser.fetch(screen());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    expect(html).toMatch(/<input type="file" accept="image\/jpeg,image\/png,image\/webp,image\/avif" multiple=""/);

    const before = await paths();
    const response = await upload(
      browser,
      [
        { name: "coat.jpg", type: "image/jpeg", body: await testPicture("jpeg", 900, 1200) },
        { name: "notes.jpg", type: "image/jpeg", body: new TextEncoder().encode("not a picture at all") },
      ],
      { alt_de: "Mantel von vorn", alt_en: "Coat from the front" },
    );
    expect(response.status).toBe(200);
    const answer = await response.text();
    expect(answer).toContain("1 photo added.");
    expect(answer).toMatch(/notes\.jpg<\/strong>: (<!-- -->)?this is not a picture/);
    const after = await paths();
    expect(after.slice(0, -1)).toEqual(before);
    uploaded = after.at(-1) as string;
    expect(mediaKeyOfPath(uploaded)).toMatchObject({ width: 900, height: 1200 });
    expect(mediaFolders()).toEqual([uploaded.slice("media/".length)]);
    const audit = await listAudit({ db }, { subjectType: "product", subjectId: product });
    expect(audit.entries[0]).toMatchObject({
      action: "product.images.add",
      actor: { type: "staff", id: staff.staff.id },
      after: { images: after },
    });
  });

  it("refuses a 50 MB file with a clear error and stores nothing", async () => {
    const { browser } = await staffBrowser(shop, db, "merchandiser", { acceptLanguage: "en" });
    const before = await paths();
    const folders = mediaFolders();
    const response = await upload(browser, [{ name: "huge.png", type: "image/png", body: new Uint8Array(50_000_000) }]);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/huge\.png<\/strong>: (<!-- -->)?the file is larger than 25 MB\./);
    expect(await paths()).toEqual(before);
    expect(mediaFolders()).toEqual(folders);
  });

  it("serves the renditions for good: AVIF and WebP at each width, the bare key in the format the browser takes", async () => {
    const key = uploaded.slice("media/".length);
    const avif = await shop.browser().fetch(`/images/media/${key}/480.avif`);
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await avif.arrayBuffer()).byteLength).toBeGreaterThan(500);
    const webp = await shop.browser().fetch(`/images/media/${key}/720.webp`);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    // Not a width the pipeline renders, or not rendered for this picture (900 px wide: no 960).
    expect((await shop.browser().fetch(`/images/media/${key}/500.avif`)).status).toBe(404);
    expect((await shop.browser().fetch(`/images/media/${key}/960.avif`)).status).toBe(404);
    expect((await shop.browser().fetch(`/images/media/${key.replace(/^./, "g")}/480.avif`)).status).toBe(404);
    const bare = await shop.browser().fetch(`/images/media/${key}`, { headers: { accept: "image/avif,image/webp" } });
    expect(bare.headers.get("content-type")).toBe("image/avif");
    expect(bare.headers.get("vary")).toBe("Accept");
    const old = await shop.browser().fetch(`/images/media/${key}`, { headers: { accept: "image/webp,*/*" } });
    expect(old.headers.get("content-type")).toBe("image/webp");
  });

  it("moves the photo to the front; the product page shows it as a <picture> with AVIF and WebP within seconds", async () => {
    const { browser } = await staffBrowser(shop, db, "merchandiser");
    for (let i = (await paths()).indexOf(uploaded); i > 0; i--) {
      const moved = await browser.submit(screen(), { intent: "up", path: uploaded });
      expect(moved.status).toBe(200);
    }
    expect((await paths())[0]).toBe(uploaded);
    const url = `/images/${uploaded}`;
    const html = await eventually(async () => {
      const html = await productPage();
      return html.includes(`${url}/240.avif 240w`) ? html : undefined;
    }, 10_000);
    const picture = new RegExp(
      `<picture class="picture"><source type="image/avif" srcSet="${url}/240.avif 240w, ${url}/360.avif 360w, ` +
        `${url}/480.avif 480w, ${url}/720.avif 720w" sizes="[^"]+"/><img src="${url}/360.webp" ` +
        `srcSet="${url}/240.webp 240w, [^"]*${url}/720.webp 720w" sizes="[^"]+" alt="Mantel von vorn" ` +
        `width="720" height="960"`,
    );
    expect(html.value).toMatch(picture);
  });

  it("keeps other roles out and refuses a post from another site, changing nothing", async () => {
    const before = await paths();
    const { browser } = await staffBrowser(shop, db, "customer_service");
    expect((await browser.fetch(screen())).status).toBe(403);
    expect((await browser.fetch("/admin/media/")).status).toBe(403);
    const file = { name: "x.png", type: "image/png", body: await testPicture("png", 300, 400) };
    expect((await upload(browser, [file])).status).toBe(403);
    expect((await browser.submit(screen(), { intent: "remove", path: uploaded })).status).toBe(403);

    const merchandiser = (await staffBrowser(shop, db, "merchandiser")).browser;
    // A foreign Origin is refused by React Router itself (400) before the shop's check (403); without an Origin
    // the shop refuses a cross-site Sec-Fetch-Site.
    for (const [headers, refusals] of [
      [{ origin: "https://evil.example" }, [400, 403]],
      [{ "sec-fetch-site": "cross-site" }, [403]],
    ] as const) {
      const form = new FormData();
      form.set("intent", "upload");
      form.append("file", new Blob([file.body as Uint8Array<ArrayBuffer>]), file.name);
      const request = new Request(new URL(screen(), "http://127.0.0.1:4173"), {
        method: "POST",
        body: form,
        headers: { ...headers, cookie: [...merchandiser.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      const response = await shop.handler(request);
      expect(refusals).toContain(response.status);
    }
    expect(await paths()).toEqual(before);
  });

  it("answers 404 for a product that does not exist, and the finder opens a product's pictures", async () => {
    const { browser } = await staffBrowser(shop, db, "owner");
    expect((await browser.fetch("/admin/products/999999999/images/")).status).toBe(404);
    const found = await browser.fetch(`/admin/media/?product=${product}`);
    expect(found.status).toBe(302);
    expect(found.headers.get("location")).toBe(screen());
    const listed = await browser.fetch("/admin/media/");
    expect(await listed.text()).toContain(`href="${screen()}"`);
  });

  it("removes the photo again: the shop shows the product's other pictures", async () => {
    const { browser } = await staffBrowser(shop, db, "owner");
    const removed = await browser.submit(screen(), { intent: "remove", path: uploaded });
    expect(removed.status).toBe(200);
    expect(await paths()).not.toContain(uploaded);
    await eventually(async () => ((await productPage()).includes(uploaded) ? undefined : true), 10_000);
  });
});
