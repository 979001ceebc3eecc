import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listAudit, readShopLogo, readShopSettings, SHOP_SETTINGS_KEY } from "@vitrine/commerce";
import { afterAll, describe, expect, it } from "vitest";
import { testPicture } from "../../../commerce/src/media/test-pictures.ts";
import { cliHarness } from "./test-harness.ts";

/** `vitrine settings show|set|logo`: the audited shop-settings service from the command line. */
const harness = cliHarness("settings", async (cli) => {
  await cli("db", "migrate");
});
const { cli } = harness;
const files = mkdtempSync(join(tmpdir(), "vitrine-cli-settings-"));
afterAll(() => rmSync(files, { recursive: true, force: true }));

describe("vitrine settings", () => {
  it("shows the defaults of an untouched shop, all of them or those under a prefix", async () => {
    const all = await cli("settings", "show");
    expect(all.code).toBe(0);
    expect(all.out).toContain('name = "Vitrine"');
    expect(all.out).toContain("returnDays = 30");
    expect(all.out).toContain("stores.de.shipping.DE.freeFrom = 5000");
    expect(all.out).toContain("logo = null");
    expect((await cli("settings", "show", "stores.ch.shipping.CH")).out).toEqual([
      "stores.ch.shipping.CH.standard = 790",
      "stores.ch.shipping.CH.express = 1490",
      "stores.ch.shipping.CH.freeFrom = 8000",
    ]);
    expect((await cli("settings", "show", "nothing.here")).code).toBe(1);
  });

  it("sets texts, numbers, null and lists, refuses invalid values and unknown keys, and audits each change", async () => {
    expect((await cli("settings", "set", "name", "Atelier Nord")).out).toEqual(['name = "Atelier Nord"']);
    expect((await cli("settings", "set", "stores.de.shipping.DE.freeFrom", "7500")).out).toEqual([
      "stores.de.shipping.DE.freeFrom = 7500",
    ]);
    expect((await cli("settings", "set", "stores.en.shipping.GB.freeFrom", "null")).code).toBe(0);
    expect((await cli("settings", "set", "stores.at.payments", '["paypal","credit_card"]')).code).toBe(0);
    expect((await cli("settings", "set", "returnDays", "30")).out).toEqual(["returnDays is unchanged"]);

    const invalid = await cli("settings", "set", "returnDays", "7");
    expect(invalid.code).toBe(1);
    expect(invalid.err).toEqual(["Not saved: returnDays: between 14 and 365 days"]);
    expect((await cli("settings", "set", "--", "stores.de.shipping.DE.standard", "-5")).err[0]).toMatch(/not negative/);
    expect((await cli("settings", "set", "colour", "red")).code).toBe(2);

    const settings = await readShopSettings({ db: harness.db });
    expect(settings).toMatchObject({ name: "Atelier Nord", returnDays: 30 });
    expect(settings.stores.de.shipping.DE.freeFrom).toBe(7500);
    expect(settings.stores.en.shipping.GB.freeFrom).toBeNull();
    expect(settings.stores.at.payments).toEqual(["credit_card", "paypal"]);
    const audit = await listAudit({ db: harness.db }, { subjectType: "setting", subjectId: SHOP_SETTINGS_KEY });
    expect(audit.entries.map((e) => [e.action, e.actor.label.startsWith("cli:")])).toHaveLength(4);
    expect(audit.entries[3]).toMatchObject({ before: { name: "Vitrine" }, after: { name: "Atelier Nord" } });
  });

  it("sets the logo from a picture, refuses other files, and removes it", async () => {
    const picture = join(files, "logo.png");
    writeFileSync(picture, await testPicture("png", 1200, 400));
    const set = await cli("settings", "logo", picture);
    expect(set).toMatchObject({ code: 0, err: [] });
    expect(set.out[0]).toMatch(/^Logo set: \/images\/shop-logo\/[0-9a-f]{16}\.png \(480×160\)$/);
    expect((await cli("settings", "show", "logo")).out[0]).toMatch(/^logo = "\/images\/shop-logo\//);
    const text = join(files, "logo.txt");
    writeFileSync(text, "not a picture");
    expect(await cli("settings", "logo", text)).toMatchObject({ code: 1, err: ["The file is not a picture."] });
    expect((await cli("settings", "logo")).code).toBe(2);
    expect((await cli("settings", "logo", "--remove")).out).toEqual(["Logo removed"]);
    expect(await readShopLogo({ db: harness.db })).toBeNull();
  });
});
