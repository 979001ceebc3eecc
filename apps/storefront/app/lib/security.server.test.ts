import { describe, expect, it } from "vitest";
import {
  CONSENT_BOOT_SCRIPT_HASH,
  isHttps,
  isSameOriginRequest,
  paymentOriginsFor,
  STRIPE_ORIGINS,
  servesHttps,
  setSecurityHeaders,
} from "./security.server.ts";

const post = (headers: Record<string, string>) =>
  new Request("http://10.0.0.7:3000/api/rpc/addToBasket", { method: "POST", headers });

describe("same-origin check", () => {
  it("compares the Origin with the Host the request came to", () => {
    expect(
      isSameOriginRequest(post({ origin: "http://10.0.0.7:3000", host: "10.0.0.7:3000" }), { TRUST_PROXY: 0 }),
    ).toBe(true);
    expect(
      isSameOriginRequest(post({ origin: "https://evil.example", host: "10.0.0.7:3000" }), { TRUST_PROXY: 0 }),
    ).toBe(false);
  });

  it("takes X-Forwarded-Host only from a trusted proxy", () => {
    // A client naming its own origin as the forwarded host must not pass without a proxy in front.
    const forged = post({ origin: "https://evil.example", host: "10.0.0.7:3000", "x-forwarded-host": "evil.example" });
    expect(isSameOriginRequest(forged, { TRUST_PROXY: 0 })).toBe(false);
    // Behind a trusted proxy the shop's public host arrives there, and the backend's Host is an internal one.
    const proxied = post({
      origin: "https://shop.example",
      host: "10.0.0.7:3000",
      "x-forwarded-host": "shop.example, 10.0.0.2",
    });
    expect(isSameOriginRequest(proxied, { TRUST_PROXY: 1 })).toBe(true);
    expect(isSameOriginRequest(proxied, { TRUST_PROXY: 0 })).toBe(false);
  });

  it("falls back to Sec-Fetch-Site without an Origin", () => {
    expect(isSameOriginRequest(post({ "sec-fetch-site": "same-origin" }), { TRUST_PROXY: 0 })).toBe(true);
    expect(isSameOriginRequest(post({ "sec-fetch-site": "cross-site" }), { TRUST_PROXY: 0 })).toBe(false);
  });
});

describe("HTTPS detection", () => {
  it("believes X-Forwarded-Proto only from a trusted proxy", () => {
    const forwarded = new Request("http://10.0.0.7:3000/de/", { headers: { "x-forwarded-proto": "https" } });
    expect(isHttps(forwarded, { TRUST_PROXY: 0 })).toBe(false);
    expect(isHttps(forwarded, { TRUST_PROXY: 1 })).toBe(true);
    expect(isHttps(new Request("https://shop.example/de/"), { TRUST_PROXY: 0 })).toBe(true);
  });
});

describe("HSTS", () => {
  it("is sent over HTTPS, and always when PUBLIC_URL is https (TLS ended by a proxy that is not trusted)", () => {
    const plain = new Request("http://10.0.0.7:3000/de/");
    expect(servesHttps(plain, { TRUST_PROXY: 0 })).toBe(false);
    expect(servesHttps(plain, { TRUST_PROXY: 0, PUBLIC_URL: "http://shop.example" })).toBe(false);
    expect(servesHttps(plain, { TRUST_PROXY: 0, PUBLIC_URL: "https://shop.example" })).toBe(true);
    expect(servesHttps(new Request("https://shop.example/de/"), { TRUST_PROXY: 0 })).toBe(true);
    const headers = new Headers();
    setSecurityHeaders(headers, {
      nonce: "n",
      https: servesHttps(plain, { TRUST_PROXY: 0, PUBLIC_URL: "HTTPS://x.ch" }),
    });
    expect(headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}$/);
  });
});

describe("payment provider origins in the Content-Security-Policy", () => {
  const stripe = { STRIPE_SECRET_KEY: "sk_test_0123456789" };

  it("allows Stripe's origins on the payment step only, and only when Stripe is configured", () => {
    expect(paymentOriginsFor("/de/payment/provider/abcdefgh12/", stripe)).toBe(STRIPE_ORIGINS);
    expect(paymentOriginsFor("/de/checkout/", stripe)).toBeNull();
    expect(paymentOriginsFor("/de/payment/sandbox/abcdefgh12/", stripe)).toBeNull();
    expect(paymentOriginsFor("/de/payment/provider/abcdefgh12/", {})).toBeNull();

    const onPaymentStep = new Headers();
    setSecurityHeaders(onPaymentStep, { nonce: "n", https: true, payment: STRIPE_ORIGINS });
    const policy = onPaymentStep.get("content-security-policy") ?? "";
    expect(policy).toContain(`script-src 'self' 'nonce-n' ${CONSENT_BOOT_SCRIPT_HASH} https://js.stripe.com;`);
    expect(policy).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com;");
    expect(policy).toContain("connect-src 'self' https://api.stripe.com;");

    const elsewhere = new Headers();
    setSecurityHeaders(elsewhere, { nonce: "n", https: true });
    expect(elsewhere.get("content-security-policy")).not.toContain("stripe");
    expect(elsewhere.get("content-security-policy")).not.toContain("frame-src");
  });
});
