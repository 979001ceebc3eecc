import { describe, expect, it } from "vitest";
import { detectStore, localizedPath, parseStorePath, readCookie } from "./store.ts";

describe("store paths and detection", () => {
  it("localizes internal paths with a trailing slash and keeps query and hash", () => {
    expect(localizedPath("de", "/c/damen")).toBe("/de/c/damen/");
    expect(localizedPath("fr-ch", "/")).toBe("/fr-ch/");
    expect(localizedPath("en", "/search/?searchTerm=jeans#top")).toBe("/en/search/?searchTerm=jeans#top");
    expect(localizedPath("de", "https://example.com/x")).toBe("https://example.com/x");
  });

  it("splits a store path", () => {
    expect(parseStorePath("/fr-ch/c/femmes/")).toMatchObject({ shop: { code: "fr-ch" }, path: "/c/femmes/" });
    expect(parseStorePath("/de")).toMatchObject({ shop: { code: "de" }, path: "/" });
    expect(parseStorePath("/xx/c/")).toBeUndefined();
  });

  it("detects the store from the cookie, then the browser languages by quality, then de", () => {
    expect(detectStore("vitrine_store=ch", "en-GB").code).toBe("ch");
    expect(detectStore("vitrine_store=nope", "fr-FR,fr;q=0.9").code).toBe("fr-ch");
    expect(detectStore(null, "ja;q=1, en;q=0.5, de;q=0.8").code).toBe("de");
    expect(detectStore(null, "de-AT").code).toBe("at");
    expect(detectStore(null, "de-LI").code).toBe("ch");
    expect(detectStore(null, "en-US;q=0.9, fr-CH;q=0.2").code).toBe("en");
    expect(detectStore(null, "*").code).toBe("de");
    expect(detectStore(null, null).code).toBe("de");
  });

  it("reads cookies", () => {
    expect(readCookie("a=1; vitrine_store=fr-ch; b=2", "vitrine_store")).toBe("fr-ch");
    expect(readCookie("a=%E2%82%AC", "a")).toBe("€");
    expect(readCookie(null, "a")).toBeUndefined();
  });
});
