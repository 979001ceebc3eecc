import { readdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Db, EVENT_FEED_START, importCatalog, listAudit, readEventsAfter } from "@vitrine/commerce";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { beforeAll, describe, expect, it } from "vitest";
import { blackPng, testPicture } from "../../../commerce/src/media/test-pictures.ts";
import { cliHarness } from "./test-harness.ts";

/** `vitrine media …` against its own database and data folder. */
const now = new Date("2026-11-01T10:00:00Z");
const demo = generateDemoCatalog({ products: 2, seed: 4, today: now });
const product = String(demo.products[0]?.id);

const harness = cliHarness("media", async (cli) => {
  expect((await cli("db", "migrate")).code).toBe(0);
});
const { cli } = harness;
let db: Db;
beforeAll(async () => {
  db = harness.db;
  const result = await importCatalog(
    { db },
    [...demo.categories, ...demo.products].map((r) => JSON.stringify(r)),
    now,
  );
  expect(result.ok).toBe(true);
});

async function file(name: string, body: Uint8Array): Promise<string> {
  const path = join(harness.dir, name);
  await writeFile(path, body);
  return path;
}

describe("vitrine media", () => {
  it("adds a photo with alt texts, lists, moves, changes alt texts and removes it; audited and published", async () => {
    const before = await cli("media", "list", product);
    expect(before.code).toBe(0);
    const count = before.out.length - 1;
    expect(before.out[0]).toMatch(new RegExp(`\\(${product}\\): ${count} picture\\(s\\)$`));

    const photo = await file("coat.webp", await testPicture("webp", 600, 900));
    const added = await cli("media", "add", product, photo, "--alt-de", "Mantel", "--alt-en", "Coat");
    expect(added.code).toBe(0);
    expect(added.out[0]).toMatch(new RegExp(`^Added media/[0-9a-f]{20}-600x900 600x900 to product ${product} \\(`));
    const path = /media\/\S+/.exec(added.out[0] as string)?.[0] as string;
    expect(readdirSync(join(harness.dir, "media"))).toEqual([path.slice("media/".length)]);

    const listed = await cli("media", "list", product);
    expect(listed.out.slice(-3)).toEqual([
      `  ${count + 1}. ${path}  600x900`,
      "     alt de: Mantel",
      "     alt en: Coat",
    ]);

    for (let i = count + 1; i > 1; i--) {
      expect((await cli("media", "move", product, String(i), "up")).out).toEqual([`Moved ${path} up`]);
    }
    expect((await cli("media", "move", product, "1", "up")).out).toEqual([`${path} is already at the top`]);
    expect((await cli("media", "list", product)).out[1]).toBe(`  1. ${path}  600x900`);

    expect((await cli("media", "alt", product, "1", "--alt-fr", "Manteau", "--alt-de", "")).out).toEqual([
      `Changed the alt texts of ${path}`,
    ]);
    expect((await cli("media", "list", product)).out.slice(2, 4)).toEqual([
      "     alt fr: Manteau",
      "     alt en: Coat",
    ]);

    expect(await cli("media", "remove", product, path)).toMatchObject({
      code: 0,
      out: [`Removed ${path} from product ${product}`],
    });
    expect((await cli("media", "list", product)).out).toEqual(before.out);

    const audit = await listAudit({ db }, { subjectType: "product", subjectId: product });
    expect(audit.entries.map((e) => e.action)).toContain("product.images.add");
    expect(audit.entries.every((e) => e.actor.type === "cli")).toBe(true);
    const events = await readEventsAfter(db, EVENT_FEED_START, 1000);
    expect(events.events.filter((e) => e.entity === "product" && e.entityId === product).length).toBeGreaterThan(3);
  });

  it("refuses bad files with a clear message and stores nothing", async () => {
    const folders = readdirSync(join(harness.dir, "media"));
    const text = await file("notes.png", new TextEncoder().encode("hello"));
    expect(await cli("media", "add", product, text)).toMatchObject({
      code: 1,
      err: ["Refused: The file is not a picture."],
    });
    const bomb = await file("bomb.png", blackPng(9000, 9000));
    expect(await cli("media", "add", product, bomb)).toMatchObject({
      code: 1,
      err: ["Refused: The picture has more than 60 million pixels."],
    });
    const huge = await file("huge.jpg", new Uint8Array(50_000_000));
    expect(await cli("media", "add", product, huge)).toMatchObject({
      code: 1,
      err: [`Refused: ${huge} is larger than 25 MB.`],
    });
    expect(readdirSync(join(harness.dir, "media"))).toEqual(folders);
    expect((await cli("media", "add", "99999999", text)).code).toBe(1);
    expect((await cli("media", "add", "x", text)).code).toBe(2);
    expect((await cli("media", "remove", product, "99")).code).toBe(2);
    expect((await cli("media", "move", product, "1", "left")).code).toBe(2);
  });
});
