import { createGuestCustomer, loadConfig, signUp, systemClock } from "@vitrine/commerce";
import { shopByCode } from "@vitrine/commerce/shops";
import { createTestDatabase, type TestDatabase, testCtx } from "@vitrine/commerce/testing";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsContext, guardCheckout, originalFullPath } from "./auth.server.ts";
import { requestContext, servicesContext, shopContext } from "./context.ts";
import { safeRedirectPath } from "./security.server.ts";
import type { Services } from "./services.server.ts";
import { storeRequest } from "./shop.server.ts";

/** The checkout guard in a tiny route (as the checkout loader calls it), and the helpers it relies on. */
let testDb: TestDatabase;
let services: Services;

beforeAll(async () => {
  testDb = await createTestDatabase();
  services = {
    config: loadConfig({ VITRINE_DATA_DIR: "/tmp/vitrine-auth-test", NODE_ENV: "test" }),
    db: testDb.db,
    clock: systemClock,
    secret: "auth-test-secret-0123456789abcdefghijklmnop",
    imageUrl: (path: string) => path,
  } as Services;
});
afterAll(async () => {
  await testDb?.destroy();
});

function routeContext(cookies: string[] = []) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(shopContext, shopByCode("de") as NonNullable<ReturnType<typeof shopByCode>>);
  context.set(requestContext, {
    ctx: testCtx(services.db, { clock: services.clock }),
    browserId: "browser-1",
    nonce: "n",
    setCookies: cookies,
    editorMode: false,
  });
  return context;
}

/** The tiny route: a checkout loader that starts with the guard. */
async function checkoutLoader({ request, context }: { request: Request; context: RouterContextProvider }) {
  await guardCheckout(storeRequest(context), request);
  return { checkout: true as const };
}

async function run(path: string, cookie?: string): Promise<{ checkout: true } | Response> {
  const request = new Request(`http://shop.test${path}`, { headers: cookie ? { cookie } : {} });
  try {
    return await checkoutLoader({ request, context: routeContext() });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function cookieOf(setCookies: string[]): string {
  return setCookies.map((c) => c.split(";")[0]).join("; ");
}

describe("guardCheckout", () => {
  it("lets guests and customers with an account into checkout", async () => {
    expect(await run("/de/checkout/")).toEqual({ checkout: true });
    const context = routeContext();
    const store = storeRequest(context);
    const request = new Request("http://shop.test/de/login/");
    const result = await signUp(
      accountsContext(store, request),
      { headers: new Headers(), clientAddress: "x" },
      {
        email: "konto@example.com",
        password: "Sommer-2026!",
        firstName: "K",
        lastName: "Onto",
      },
    );
    if (!result.ok) throw new Error("sign-up");
    expect(await run("/de/checkout/?redirectUrl=%2Fde%2Fcart%2F", cookieOf(result.setCookies))).toEqual({
      checkout: true,
    });
  });

  it("takes a session left for a guest customer for no sign-in: that shopper checks out as a guest", async () => {
    const store = storeRequest(routeContext());
    const ctx = accountsContext(store, new Request("http://shop.test/de/checkout/"));
    const guest = await createGuestCustomer(ctx, { email: "gast@example.com", firstName: "G", lastName: "Ast" });
    if (!guest.ok) throw new Error("guest");
    // Guest checkouts used to sign the shopper in as the guest customer of the address they typed.
    const session = await ctx.auth.api.startCustomerSession({
      body: { userId: guest.customer.id },
      headers: new Headers(),
      returnHeaders: true,
    });
    expect(await run("/de/checkout/", cookieOf(session.headers.getSetCookie()))).toEqual({ checkout: true });
  });
});

describe("safeRedirectPath", () => {
  it("keeps paths on the site and refuses everything else", () => {
    expect(safeRedirectPath("/de/account/orders/?page=2", "/x/")).toBe("/de/account/orders/?page=2");
    for (const evil of [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "%2F%2Fevil.example",
      "/\t/evil.example",
      "/%09/evil.example",
      "javascript:alert(1)",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(evil, "/fallback/"), String(evil)).toBe("/fallback/");
    }
  });
});

describe("request helpers", () => {
  it("carries the original full path, also for data requests", () => {
    expect(originalFullPath(new Request("http://s/de/account/orders/?page=2"))).toBe("/de/account/orders/?page=2");
    expect(originalFullPath(new Request("http://s/de/account/orders/_.data?page=2&_routes=x"))).toBe(
      "/de/account/orders/?page=2",
    );
    expect(originalFullPath(new Request("http://s/de/account.data"))).toBe("/de/account/");
  });
});
