import type { AccountAuth, Db } from "@vitrine/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  linkPath,
  nextAddress,
  outbox,
  PASSWORD,
  sessionCookie,
  shopAuth,
  signedUpBrowser,
  signIn,
  uniqueEmail,
  waitForMail,
} from "./account-fixtures.ts";
import { findDemoVariants, openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, TEST_ORIGIN, type TestShop } from "./shop-client.ts";

/** Sign-up, sign-in, sign-out, password reset, redirect rules, open-redirect attempts, rate limits, sessions. */
let shop: TestShop;
let db: Db;
let auth: AccountAuth;
const dialectName = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite";

beforeAll(async () => {
  shop = await startTestShop();
  db = openShopDatabase();
  auth = await shopAuth(db);
});
afterAll(async () => {
  await auth?.settled();
  await db?.destroy();
  await shop?.close();
});

const PROTECTED = [
  "/de/account/",
  "/de/account/profile-details/",
  "/de/account/orders/",
  "/de/account/orders/?page=2&sort=date",
  "/de/account/order-details/100042/",
  "/de/account/orders-details/100042/",
  "/de/account/fashion-card/",
  "/de/account/subscription/",
  "/de/account/subscription-cancellations/",
  "/fr-ch/account/profile-details/",
];

describe(`sign-up, sign-in, sign-out (${dialectName})`, () => {
  it("shows the sign-in form, and the sign-up form with register=true", async () => {
    const browser = shop.browser();
    const signInPage = await browser.fetch("/de/login/");
    expect(signInPage.status).toBe(200);
    const html = await signInPage.text();
    expect(html).toContain('name="intent" value="sign-in"');
    expect(html).toMatch(/autocomplete="current-password"/i);
    const register = await (await browser.fetch("/de/login/?register=true")).text();
    expect(register).toContain('name="intent" value="sign-up"');
    expect(register).toContain('name="firstName"');
  });

  it("signs up with an HttpOnly, SameSite=Lax session cookie and lands in the account", async () => {
    const browser = shop.browser();
    const email = uniqueEmail();
    const response = await browser.submit("/de/login/?register=true", {
      intent: "sign-up",
      firstName: "Lena",
      lastName: "Berg",
      email,
      password: PASSWORD,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/de/account/");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("vitrine.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const account = await browser.fetch("/de/account/");
    expect(account.status).toBe(200);
    const html = await account.text();
    expect(html).toContain("Hallo Lena");
    expect(html).toContain("Neukunde");
  });

  it("marks the session cookie Secure over HTTPS, and trusts X-Forwarded-Proto only from a trusted proxy", async () => {
    const signUp = async (url: string, headers: Record<string, string> = {}) => {
      const browser = shop.browser();
      await browser.fetch("/healthz");
      const response = await browser.fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({
          intent: "sign-up",
          firstName: "Sam",
          lastName: "Secure",
          email: uniqueEmail(),
          password: PASSWORD,
        }),
      });
      expect(response.status).toBe(302);
      return response.headers.getSetCookie().find((c) => c.includes("session_token="));
    };
    const httpsOrigin = TEST_ORIGIN.replace("http:", "https:");
    const secure = await signUp(`${httpsOrigin}/de/login/?register=true`, { origin: httpsOrigin });
    expect(secure).toMatch(/^__Secure-vitrine\.session_token=/);
    expect(secure).toMatch(/; Secure/);
    // TRUST_PROXY is not set in this shop: anyone could send the header.
    const forwarded = await signUp("/de/login/?register=true", { "x-forwarded-proto": "https" });
    expect(forwarded).toMatch(/^vitrine\.session_token=/);
    expect(forwarded).not.toMatch(/; Secure/);
  });

  it("refuses a sign-up with invalid fields or a taken address, keeping what was typed", async () => {
    const { email } = await signedUpBrowser(shop);
    const browser = shop.browser();
    const taken = await browser.submit("/de/login/?register=true", {
      intent: "sign-up",
      firstName: "Other",
      lastName: "Person",
      email,
      password: PASSWORD,
    });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("Zu dieser E-Mail-Adresse gibt es schon ein Kundenkonto.");
    const invalid = await browser.submit("/en/login/?register=true", {
      intent: "sign-up",
      firstName: "Kim",
      lastName: "",
      email: "kim@",
      password: "short",
    });
    expect(invalid.status).toBe(400);
    const html = await invalid.text();
    expect(html).toContain("Please enter a valid e-mail address.");
    expect(html).toContain("Please enter at least 8 characters.");
    expect(html).toContain("Please fill in this field.");
    expect(html).toContain('value="Kim"');
    expect(html).not.toContain('value="short"');
  });

  it("signs in with a new session id, refuses a wrong password, and merges the guest basket", async () => {
    const { browser, email } = await signedUpBrowser(shop);
    const demo = await findDemoVariants(db);
    const variantId = demo.inStock[0] as number;
    // The customer's basket holds one unit already; the guest adds two in another browser, then signs in.
    expect((await browser.rpc("addItemToBasket", { variantId, quantity: 1 })).status).toBe(200);
    const guest = shop.browser();
    expect((await guest.rpc("addItemToBasket", { variantId, quantity: 2 })).status).toBe(200);
    const before = sessionCookie(guest);
    expect(before).toBeUndefined();

    const wrong = await signIn(guest, email, "not-the-password");
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("E-Mail-Adresse oder Passwort stimmen nicht.");

    const signedIn = await signIn(guest, email, PASSWORD);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/de/account/");
    const basket = (await (await guest.rpc("getBasket", {})).json()) as {
      items: { variant: { id: number }; quantity: number }[];
    };
    expect(basket.items.map((i) => [i.variant.id, i.quantity])).toEqual([[variantId, 3]]);

    // Signing in again (in the same browser) replaces the session: the old id stops working.
    const first = sessionCookie(guest);
    const old = shop.browser();
    old.cookies.set("vitrine.session_token", first as string);
    expect((await old.fetch("/de/account/")).status).toBe(200);
    await guest.fetch("/de/login/?redirectUrl=/de/cart/");
    const again = await signIn(guest, email, PASSWORD);
    expect(again.status).toBe(302);
    expect(sessionCookie(guest)).not.toBe(first);
    expect((await old.fetch("/de/account/")).status).toBe(302);
  });

  it("signs out on the server: the session cookie is cleared and no longer opens the account", async () => {
    const { browser } = await signedUpBrowser(shop);
    const token = sessionCookie(browser) as string;
    const response = await browser.submit("/de/login/", { intent: "sign-out" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/de/");
    expect(response.headers.getSetCookie().some((c) => /^vitrine\.session_token=;.*Max-Age=0/i.test(c))).toBe(true);
    const replay = shop.browser();
    replay.cookies.set("vitrine.session_token", token);
    const account = await replay.fetch("/de/account/");
    expect(account.status).toBe(302);
    expect(account.headers.get("location")).toBe("/de/login/?redirectUrl=%2Fde%2Faccount%2F");
  });

  it("refuses sign-in, sign-up and sign-out from another site or with nothing to say where they came from", async () => {
    const { browser, email } = await signedUpBrowser(shop);
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");
    for (const intent of ["sign-in", "sign-up", "sign-out"]) {
      const sources: Record<string, string>[] = [
        { "sec-fetch-site": "cross-site" },
        {},
        { "sec-fetch-site": "same-site" },
      ];
      for (const from of sources) {
        const response = await shop.handler(
          new Request(new URL("/de/login/", TEST_ORIGIN), {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...from },
            body: new URLSearchParams({ intent, email, password: PASSWORD, firstName: "A", lastName: "B" }),
            redirect: "manual",
          }),
        );
        expect(response.status, `${intent} ${JSON.stringify(from)}`).toBe(403);
      }
    }
    expect((await browser.fetch("/de/account/")).status).toBe(200);
  });

  it("never locks the owner out: wrong passwords from elsewhere, then the owner signs in and is told by mail", async () => {
    const { email } = await signedUpBrowser(shop);
    const attempt = (password: string, from = nextAddress()) => {
      const browser = shop.browser();
      return browser.fetch("/healthz").then(() =>
        browser.fetch("/de/login/", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "x-vitrine-client-address": from },
          body: new URLSearchParams({ intent: "sign-in", email, password }),
        }),
      );
    };
    for (let i = 0; i < 12; i++) expect((await attempt(`wrong-${i}`)).status).toBe(401);
    expect((await attempt(PASSWORD)).status).toBe(302);
    const alert = await waitForMail(email, "sign-in-alert");
    expect(alert.subject).toBe("Fehlgeschlagene Anmeldungen bei deinem Kundenkonto");
    expect(linkPath(alert)).toBe("/de/login/reset-password/");
    // One mail for the window, not one per attempt.
    expect((await outbox()).filter((m) => m.to.includes(email) && m.kind === "sign-in-alert")).toHaveLength(1);

    // One address guessing is slowed down (429 with Retry-After); the owner elsewhere is not.
    const attacker = nextAddress();
    for (let i = 0; i < 10; i++) expect((await attempt(`guess-${i}`, attacker)).status).toBe(401);
    const limited = await attempt(PASSWORD, attacker);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Zu viele Versuche");
    expect((await attempt(PASSWORD)).status).toBe(302);
    // 25 password checks (scrypt, as in production): far more than 30 s on a loaded machine.
  }, 120_000);

  it("rate-limits sign-up per client address", async () => {
    const from = nextAddress();
    for (let i = 0; i <= 20; i++) {
      const browser = shop.browser();
      await browser.fetch("/healthz");
      const response = await browser.fetch("/de/login/?register=true", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-vitrine-client-address": from },
        body: new URLSearchParams({
          intent: "sign-up",
          firstName: "R",
          lastName: "L",
          email: uniqueEmail("burst"),
          password: PASSWORD,
        }),
      });
      expect(response.status, `sign-up ${i + 1}`).toBe(i < 20 ? 302 : 429);
    }
  }, 120_000);

  it("does not let a client get past the sign-up limit by rotating X-Forwarded-For (no trusted proxy)", async () => {
    // The peer is a private address, as a proxy on the same network would be, but TRUST_PROXY is not set.
    const peer = `10.${Math.floor(Math.random() * 250)}.0.9`;
    const statuses: number[] = [];
    for (let i = 0; i <= 20; i++) {
      const browser = shop.browser();
      await browser.fetch("/healthz");
      const response = await browser.fetch("/de/login/?register=true", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-vitrine-client-address": peer,
          "x-forwarded-for": nextAddress(),
        },
        body: new URLSearchParams({
          intent: "sign-up",
          firstName: "R",
          lastName: "L",
          email: uniqueEmail("rotate"),
          password: PASSWORD,
        }),
      });
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe(`protected pages and redirect rules (${dialectName})`, () => {
  it("sends a guest from every protected page to the login page with the original full path", async () => {
    const browser = shop.browser();
    for (const path of PROTECTED) {
      const response = await browser.fetch(path);
      expect(response.status, path).toBe(302);
      const store = path.split("/")[1];
      expect(response.headers.get("location"), path).toBe(`/${store}/login/?redirectUrl=${encodeURIComponent(path)}`);
    }
  });

  it("protects client-side data requests the same way, without any of the page's data", async () => {
    const response = await shop
      .browser()
      .fetch("/de/account/profile-details/_.data?_routes=routes%2Faccount.profile-details");
    const body = await response.text();
    expect(body).toContain("SingleFetchRedirect");
    expect(body).toContain("/de/login/?redirectUrl=%2Fde%2Faccount%2Fprofile-details%2F");
    expect(body).not.toContain("addresses");
  });

  it("protects the actions of the account pages too", async () => {
    const browser = shop.browser();
    const response = await browser.submit("/de/account/profile-details/", {
      intent: "profile",
      firstName: "Mallory",
      lastName: "X",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/de\/login\/\?redirectUrl=/);
  });

  it("brings the shopper back to the page they asked for after signing in", async () => {
    const { email } = await signedUpBrowser(shop);
    const browser = shop.browser();
    const asked = "/de/account/subscription/?changed=none";
    const login = (await browser.fetch(asked)).headers.get("location") as string;
    const page = await (await browser.fetch(login)).text();
    expect(page).toContain(`name="redirectUrl" value="${asked.replace("&", "&amp;")}"`);
    const response = await signIn(browser, email, PASSWORD, { redirectUrl: asked });
    expect(response.headers.get("location")).toBe(asked);
    expect((await browser.fetch(asked)).status).toBe(200);
  });

  it("sends a signed-in customer away from the login page: to redirectUrl or the account", async () => {
    const { browser } = await signedUpBrowser(shop);
    expect((await browser.fetch("/de/login/")).headers.get("location")).toBe("/de/account/");
    expect((await browser.fetch("/de/login/?register=true")).headers.get("location")).toBe("/de/account/");
    expect((await browser.fetch("/de/login/?redirectUrl=%2Fde%2Fwishlist%2F")).headers.get("location")).toBe(
      "/de/wishlist/",
    );
    expect((await browser.fetch("/at/login/")).headers.get("location")).toBe("/at/account/");
  });

  it("never redirects off the site (open redirect attempts)", async () => {
    const { browser, email } = await signedUpBrowser(shop);
    const attempts = [
      "//evil.example",
      "https://evil.example",
      "http://evil.example/de/account/",
      "/\\evil.example",
      "\\\\evil.example",
      "%2F%2Fevil.example",
      "/%2F%2Fevil.example",
      "/%2F/evil.example",
      "/%5Cevil.example",
      "%252F%252Fevil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "evil.example",
      "///evil.example",
    ];
    for (const target of attempts) {
      const query = `?redirectUrl=${encodeURIComponent(target)}`;
      const login = await browser.fetch(`/de/login/${query}`);
      expect(login.headers.get("location"), target).toBe("/de/account/");
      const callback = await browser.fetch(`/de/login/callback/${query}`);
      expect(callback.headers.get("location"), target).toBe("/de/account/");
    }
    // The raw (not re-encoded) forms in the query string.
    for (const raw of ["//evil.example", "%2F%2Fevil.example", "/%5Cevil.example", "https:%2F%2Fevil.example"]) {
      const response = await browser.fetch(`/de/login/?redirectUrl=${raw}`);
      expect(response.headers.get("location"), raw).toBe("/de/account/");
    }
    // A sign-in form posted with a foreign redirectUrl lands in the account.
    const guest = shop.browser();
    for (const target of ["//evil.example", "https://evil.example", "/\\evil.example"]) {
      const response = await signIn(guest, email, PASSWORD, { redirectUrl: target });
      expect(response.headers.get("location"), target).toBe("/de/account/");
    }
    // A guest sent back from the callback keeps only a safe redirectUrl.
    const anonymous = shop.browser();
    expect((await anonymous.fetch("/de/login/callback/?redirectUrl=%2F%2Fevil.example")).headers.get("location")).toBe(
      "/de/login/",
    );
    expect(
      (await anonymous.fetch("/de/login/callback/?redirectUrl=%2Fde%2Faccount%2Forders%2F")).headers.get("location"),
    ).toBe("/de/login/?redirectUrl=%2Fde%2Faccount%2Forders%2F");
    const page = await (await anonymous.fetch("/de/login/?redirectUrl=%2F%2Fevil.example")).text();
    expect(page).not.toContain('name="redirectUrl"');
  });
});

describe(`password reset by e-mail (${dialectName})`, () => {
  it("sends a single-use link through the outbox and sets a new password with it", async () => {
    const { browser: old, email } = await signedUpBrowser(shop);
    const browser = shop.browser();
    const request = await browser.submit("/de/login/reset-password/", { intent: "request", email });
    expect(request.status).toBe(302);
    expect(request.headers.get("location")).toBe("/de/login/reset-password/?sent=1");
    const mail = await waitForMail(email, "password-reset");
    expect(mail.subject).toBe("Neues Passwort festlegen");
    expect(mail.html).toContain("Neues Passwort festlegen");
    const link = linkPath(mail);
    expect(link).toMatch(/^\/de\/login\/callback\/\?flow=reset-password&token=[\w-]+$/);

    const callback = await browser.fetch(link);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/de/login/reset-password/");
    expect(callback.headers.get("referrer-policy")).toBe("no-referrer");
    const tokenCookie = callback.headers.getSetCookie().find((c) => c.startsWith("vitrine_reset="));
    expect(tokenCookie).toMatch(/HttpOnly/);
    expect(tokenCookie).toMatch(/Path=\/de\/login\//);

    const form = await (await browser.fetch("/de/login/reset-password/")).text();
    expect(form).toContain('name="intent" value="set-password"');
    const mismatch = await browser.submit("/de/login/reset-password/", {
      intent: "set-password",
      newPassword: "Winter-2027!",
      confirmPassword: "Winter-2028!",
    });
    expect(mismatch.status).toBe(400);
    const done = await browser.submit("/de/login/reset-password/", {
      intent: "set-password",
      newPassword: "Winter-2027!",
      confirmPassword: "Winter-2027!",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/de/login/?reset=done");
    expect(await (await browser.fetch("/de/login/?reset=done")).text()).toContain("Dein Passwort wurde geändert");

    // Every session of the account ended; the old password no longer works, the new one does.
    expect((await old.fetch("/de/account/")).status).toBe(302);
    expect((await signIn(shop.browser(), email, PASSWORD)).status).toBe(401);
    expect((await signIn(shop.browser(), email, "Winter-2027!")).status).toBe(302);

    // The link works once.
    const reuse = await shop.browser().fetch(link);
    expect(reuse.headers.get("location")).toBe("/de/login/reset-password/?error=invalid-link");
  });

  it("answers an unknown address exactly like a known one, and sends nothing", async () => {
    const unknown = uniqueEmail("unknown");
    const before = (await outbox()).length;
    const browser = shop.browser();
    const response = await browser.submit("/de/login/reset-password/", { intent: "request", email: unknown });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/de/login/reset-password/?sent=1");
    const page = await (await browser.fetch("/de/login/reset-password/?sent=1")).text();
    expect(page).toContain("Gibt es zu dieser E-Mail-Adresse ein Kundenkonto");
    await auth.settled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await outbox()).slice(before).some((m) => m.to.includes(unknown))).toBe(false);
  });

  it("refuses forged and malformed tokens, and a set-password post without a token", async () => {
    const browser = shop.browser();
    for (const token of ["forged-token-value-123", "", "x"]) {
      const response = await browser.fetch(`/de/login/callback/?flow=reset-password&token=${token}`);
      expect(response.headers.get("location")).toBe("/de/login/reset-password/?error=invalid-link");
    }
    const post = await browser.submit("/de/login/reset-password/", {
      intent: "set-password",
      newPassword: "Winter-2027!",
      confirmPassword: "Winter-2027!",
    });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toBe("/de/login/reset-password/?error=invalid-link");
  });

  it("writes the mail in the language of the store it was asked from", async () => {
    const { email } = await signedUpBrowser(shop, { store: "fr-ch" });
    await shop.browser().submit("/fr-ch/login/reset-password/", { intent: "request", email });
    const mail = await waitForMail(email, "password-reset");
    expect(mail.subject).toBe("Définir un nouveau mot de passe");
    expect(linkPath(mail)).toMatch(/^\/fr-ch\/login\/callback\//);
  });
});
