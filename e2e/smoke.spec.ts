import { expect, test } from "@playwright/test";

test("the root sends a French-speaking browser to the fr-ch store", async ({ browser }) => {
  const context = await browser.newContext({
    locale: "fr-CH",
    extraHTTPHeaders: { "accept-language": "fr-CH,fr;q=0.9" },
  });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/fr-ch\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CH");
  await context.close();
});
