import { expect, test } from "@playwright/test";

/**
 * A shopper's search for a German compound the catalogue never writes ("Lederjacke": the demo's leather jackets
 * are "Jacke aus Leder") finds leather jackets in the three German-speaking stores; in French and English a
 * synonym of several words finds what the catalogue names in one word or two ("sweat à capuche" for hoodie,
 * "swimming costume" for swimsuit). Each store's page says it shows results, not the page without results.
 */

const SEARCHES = [
  { store: "de", query: "lederjacke", heading: "Ergebnisse für „lederjacke“", tile: /Jacke aus .*Leder/ },
  { store: "at", query: "lederjacke", heading: "Ergebnisse für „lederjacke“", tile: /Jacke aus .*Leder/ },
  { store: "ch", query: "lederjacke", heading: "Ergebnisse für „lederjacke“", tile: /Jacke aus .*Leder/ },
  { store: "fr-ch", query: "hoodie", heading: "Résultats pour « hoodie »", tile: /Sweat à capuche/ },
  { store: "en", query: "swimming costume", heading: "Results for “swimming costume”", tile: /swimsuit/i },
] as const;

for (const { store, query, heading, tile } of SEARCHES) {
  test(`${store}: "${query}" finds what the catalogue words differently`, async ({ page }) => {
    await page.goto(`/${store}/search/?searchTerm=${encodeURIComponent(query)}`);
    await expect(page.locator("h1")).toHaveText(heading);
    const names = page.locator(".listing__grid .product-tile__name");
    await expect(names.first()).toBeVisible();
    for (const name of (await names.allTextContents()).slice(0, 5)) expect(name).toMatch(tile);
  });
}
