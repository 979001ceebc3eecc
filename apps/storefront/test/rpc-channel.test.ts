import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "./shop-client.ts";

/** The channel itself: dispatch, shop id, body and payload validation, status codes, CSRF. */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

async function problemOf(response: Response) {
  expect(response.headers.get("content-type")).toContain("application/problem+json");
  const body = (await response.json()) as { title: string; status: number; detail: string; errors?: unknown[] };
  expect(body.status).toBe(response.status);
  expect(typeof body.title).toBe("string");
  expect(typeof body.detail).toBe("string");
  return body;
}

function post(browser: ReturnType<TestShop["browser"]>, method: string, body: string, headers: HeadersInit = {}) {
  return browser.fetch(`/api/rpc/${method}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-shop-id": "10028",
      ...headers,
    },
    body,
  });
}

describe("the RPC channel", () => {
  it("answers an unknown method with 404", async () => {
    const browser = shop.browser();
    const response = await browser.rpc("noSuchMethod", {});
    expect(response.status).toBe(404);
    expect((await problemOf(response)).detail).toContain("noSuchMethod");
    expect((await browser.rpc("__proto__", {})).status).toBe(404);
    expect((await browser.rpc("constructor", {})).status).toBe(404);
  });

  it("answers a wrong HTTP method with 405 and Allow: POST", async () => {
    const browser = shop.browser();
    const get = await browser.fetch("/api/rpc/getCategoryById");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    await problemOf(get);
    await browser.fetch("/healthz");
    const put = await browser.fetch("/api/rpc/getCategoryById", {
      method: "PUT",
      headers: { "x-shop-id": "10028" },
      body: "{}",
    });
    expect(put.status).toBe(405);
    const del = await browser.fetch("/api/rpc/getCategoryById", {
      method: "DELETE",
      headers: { "x-shop-id": "10028" },
    });
    expect(del.status).toBe(405);
  });

  it("requires a known shop id", async () => {
    const browser = shop.browser();
    await browser.fetch("/healthz");
    const missing = await browser.fetch("/api/rpc/getCategoryById", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ payload: { id: 1 } }),
    });
    expect(missing.status).toBe(400);
    expect((await problemOf(missing)).detail).toContain("x-shop-id");
    for (const id of ["99999", "abc", "10028.5", "-1", ""]) {
      const response = await browser.rpc("getCategoryById", { id: 1 }, id);
      expect(response.status, id).toBe(400);
      await problemOf(response);
    }
  });

  it("refuses malformed bodies with 400, never 500", async () => {
    const browser = shop.browser();
    await browser.fetch("/healthz");
    for (const body of ["{", "[]", "null", '"text"', "42", "{payload: 1}", "\u0000"]) {
      const response = await post(browser, "getCategoryById", body);
      expect(response.status, body).toBe(400);
      await problemOf(response);
    }
  });

  it("refuses a body that is too large", async () => {
    const browser = shop.browser();
    await browser.fetch("/healthz");
    const response = await post(browser, "getCategoryById", JSON.stringify({ payload: { id: "x".repeat(70_000) } }));
    expect(response.status).toBe(413);
    await problemOf(response);
  });

  it("validates the payload and lists every invalid field in the specification's wording", async () => {
    const browser = shop.browser();
    const missing = await browser.rpc("getCategoryById", {});
    expect(missing.status).toBe(400);
    const problem = await problemOf(missing);
    expect(problem.detail).toContain("The following properties are invalid");
    expect(problem.errors).toEqual([{ field: "id", message: "value is required." }]);
    const wrongType = await problemOf(await browser.rpc("getCategoryById", { id: "abc" }));
    expect(wrongType.errors).toEqual([{ field: "id", message: "value is not a number." }]);
    const extra = await problemOf(await browser.rpc("getCategoryById", { id: 1, depth: 9 }));
    expect(JSON.stringify(extra.errors)).toContain("depth");
  });

  it("takes only JSON: any other Content-Type is refused with 415", async () => {
    const browser = shop.browser();
    await browser.fetch("/healthz");
    const body = JSON.stringify({ payload: { id: 1 } });
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""]) {
      const response = await post(browser, "getCategoryById", body, { "content-type": type });
      expect(response.status, type).toBe(415);
      expect((await problemOf(response)).detail).toBe("Expected content-type to be application/json");
    }
    const json = await post(browser, "getCategoryById", body, { "content-type": "application/json; charset=utf-8" });
    expect(json.status).not.toBe(415);
  });

  it("answers JSON with nosniff and the security headers", async () => {
    const browser = shop.browser();
    const refused = await post(browser, "getCategoryById", "{}", { origin: "https://evil.example" });
    expect(refused.status).toBe(403);
    for (const response of [
      await browser.rpc("getCategoryById", { id: 1 }),
      await browser.fetch("/healthz"),
      refused,
    ]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      // Plain HTTP, no trusted proxy: no HSTS.
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
    const https = await shop.handler(new Request("https://127.0.0.1:4173/healthz"));
    expect(https.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
    const forwarded = await shop.handler(
      new Request("http://127.0.0.1:4173/healthz", { headers: { "x-forwarded-proto": "https" } }),
    );
    expect(forwarded.headers.get("strict-transport-security")).toBeNull();
  });

  it("refuses a call from another site (403)", async () => {
    const browser = shop.browser();
    await browser.fetch("/healthz");
    const response = await post(browser, "getCategoryById", "{}", { origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });

  it("answers every account and loyalty method for a guest without an error status from the server", async () => {
    const browser = shop.browser();
    const user = await browser.rpc("getUser", undefined);
    expect(user.status).toBe(200);
    expect(await user.json()).toBeNull();
    for (const method of [
      "refreshUser",
      "updateShopUser",
      "updatePassword",
      "getShopUserAddresses",
      "fetchFashionCard",
    ]) {
      const response = await browser.rpc(method, {});
      expect(response.status, method).toBeLessThan(500);
      await response.arrayBuffer();
    }
  });
});

describe("category methods", () => {
  it("getCategoryById returns the category with 5 child levels and the sale property", async () => {
    const browser = shop.browser();
    const byPath = await browser.rpc("getCategoryByPath", { path: "/c/damen/" });
    expect(byPath.status).toBe(200);
    const women = (await byPath.json()) as { id: number; sale: boolean; children: unknown[]; path: string };
    expect(women.path).toBe("/c/damen/");
    expect(women.sale).toBe(false);
    expect(women.children.length).toBeGreaterThan(0);

    const byId = await browser.rpc("getCategoryById", { id: women.id }, 10032);
    expect(byId.status).toBe(200);
    const english = (await byId.json()) as { id: number; path: string; name: string };
    expect(english.id).toBe(women.id);
    expect(english.path).toBe("/c/women/");
  });

  it("finds the sale category with sale: true", async () => {
    const browser = shop.browser();
    const response = await browser.rpc("getCategoryByPath", { path: ["sale"] });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { sale: boolean }).sale).toBe(true);
  });

  it("answers 404 for a category that does not exist and 400 for a bad reference", async () => {
    const browser = shop.browser();
    expect((await browser.rpc("getCategoryById", { id: 987654 })).status).toBe(404);
    expect((await browser.rpc("getCategoryByPath", { path: "/c/no-such-thing/" })).status).toBe(404);
    expect((await browser.rpc("getCategoryByPath", { path: "" })).status).toBe(400);
    expect((await browser.rpc("getCategoryByPath", { path: [] })).status).toBe(400);
    expect((await browser.rpc("getCategoryById", { id: -3 })).status).toBe(400);
    expect((await browser.rpc("getCategoryById", null)).status).toBe(400);
  });
});
