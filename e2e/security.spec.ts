import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, type Page, test } from "@playwright/test";

/**
 * Script injection in Chromium: payloads in a customer's names and addresses, in search terms, in content blocks and
 * in the paths of error pages are shown as text and never run. Each payload would open a dialog and set
 * `window.__xss`; a journey fails on any dialog or on the flag.
 */

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = join("test-results", `e2e-data-${port}`);

const payloads = [
  `<img src=x onerror="window.__xss=1;alert('img')">`,
  `"><script>window.__xss=1;alert('script')</script>`,
  `'><svg onload="window.__xss=1;alert('svg')">`,
  `javascript:window.__xss=1;alert('href')`,
];
const NAME = `Lena<img src=x onerror="window.__xss=1;alert('name')">`;
const STREET = `Torstr. 1"><script>window.__xss=1;alert('street')</script>`;

/** Fails the test on any dialog; the dialog is dismissed so the page does not hang. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return dialogs;
}

async function expectNothingRan(page: Page, dialogs: string[]): Promise<void> {
  // Handlers of lazy images and hydration run after load.
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

/** Posts a form from the page as the shop's own forms do (CSRF field from the cookie); answers the status. */
async function postForm(page: Page, path: string, fields: Record<string, string>): Promise<number> {
  return page.evaluate(
    async ({ path, fields }) => {
      const csrf = document.cookie.split("; ").find((c) => c.startsWith("vitrine_csrf="));
      const body = new URLSearchParams({ ...fields, csrf: decodeURIComponent(csrf?.slice(13) ?? "") });
      const response = await fetch(path, { method: "POST", body, redirect: "manual" });
      return response.status;
    },
    { path, fields },
  );
}

test.describe("script injection never runs", () => {
  test("names and addresses of a customer", async ({ page }) => {
    const dialogs = watchDialogs(page);
    await page.goto("/de/login/?register=true");
    await page.getByLabel("Vorname").fill(NAME);
    await page.getByLabel("Nachname").fill(payloads[1] as string);
    await page.getByLabel("E-Mail-Adresse").fill(`xss.${Date.now().toString(36)}@example.com`);
    await page.getByLabel("Passwort", { exact: true }).fill("Sommer-2026!");
    await page.getByRole("button", { name: "Konto anlegen" }).click();
    await expect(page).toHaveURL(/\/de\/account\/$/);
    await expect(page.locator("main")).toContainText("Lena<img");
    const saved = await postForm(page, "/de/account/profile-details/", {
      intent: "address-save",
      firstName: NAME,
      lastName: payloads[2] as string,
      street: STREET,
      zipCode: "10115",
      city: payloads[0] as string,
      countryCode: "DE",
    });
    expect(saved).toBe(0); // opaque redirect: saved
    for (const path of ["/de/account/", "/de/account/profile-details/", "/de/account/orders/", "/de/checkout/"]) {
      await page.goto(path);
      await expectNothingRan(page, dialogs);
    }
    await page.goto("/de/account/profile-details/");
    await expect(page.locator("main")).toContainText('Torstr. 1"><script>');
    await expectNothingRan(page, dialogs);
  });

  test("search terms: results page, search box, suggestions and recent queries", async ({ page }) => {
    const dialogs = watchDialogs(page);
    for (const term of payloads) {
      await page.goto(`/de/search/?q=${encodeURIComponent(term)}`);
      await expect(page.locator("main")).toBeVisible();
      await expectNothingRan(page, dialogs);
    }
    await page.goto("/de/");
    const box = page.getByRole("combobox").first();
    await box.click();
    await box.fill(payloads[0] as string);
    await page.waitForTimeout(500);
    await box.press("Enter");
    await page.waitForURL(/\/de\/search\//);
    await expectNothingRan(page, dialogs);
    // The recent queries list shows the term the next time the box opens.
    await page.goto("/de/");
    await page.getByRole("combobox").first().click();
    await page.waitForTimeout(500);
    await expectNothingRan(page, dialogs);
    // Facet values and suggestions come back as JSON with the term inside.
    const suggest = await page.request.get(`/de/search/suggest/?q=${encodeURIComponent(payloads[1] as string)}`);
    expect(suggest.headers()["content-type"]).toContain("application/json");
  });

  test("content blocks published with script in their rich text, titles and links", async ({ page }) => {
    const dialogs = watchDialogs(page);
    const slug = `xss-probe-${Date.now().toString(36)}`;
    const blocks = [
      {
        type: "text",
        html: `<h2>Probe</h2><p>${payloads.join(" ")}</p><a href="javascript:window.__xss=1;alert('a')">Klick</a><iframe src="javascript:alert('frame')"></iframe><p onclick="window.__xss=1">x</p>`,
      },
      {
        type: "accordion",
        title: payloads[1],
        items: [{ title: payloads[0], html: `<details open ontoggle="window.__xss=1;alert('toggle')">y</details>` }],
      },
    ];
    const file = resolve(dataDir, `${slug}.json`);
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(
      file,
      JSON.stringify([
        {
          language: "de",
          slug,
          pageType: "service",
          title: `Probe ${payloads[1]}`,
          draftBlocks: blocks,
          publishedBlocks: blocks,
        },
      ]),
    );
    const imported = spawnSync(process.execPath, ["packages/cli/src/main.ts", "content", "import", file], {
      env: { ...process.env, VITRINE_DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      encoding: "utf8",
    });
    expect(imported.status, imported.stderr).toBe(0);
    const response = await page.goto(`/de/s/${slug}/`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Probe", exact: true })).toBeVisible();
    const link = page.getByText("Klick");
    if (await link.count())
      await link
        .first()
        .click({ trial: false })
        .catch(() => {});
    await expectNothingRan(page, dialogs);
  });

  test("error pages name the path they could not find without running it", async ({ page }) => {
    const dialogs = watchDialogs(page);
    for (const term of payloads) {
      const encoded = encodeURIComponent(term);
      for (const path of [`/de/${encoded}/`, `/de/c/${encoded}/`, `/de/p/${encoded}-1/`, `/de/s/${encoded}/`]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expectNothingRan(page, dialogs);
      }
      await page.goto(`/de/login/?redirectUrl=${encodeURIComponent(term)}`);
      await expectNothingRan(page, dialogs);
      await page.goto(`/de/cart/?continue=${encodeURIComponent(term)}`);
      await expectNothingRan(page, dialogs);
    }
  });
});
