import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddress, isForwardedHttps } from "./client-address.ts";
import { loadConfig } from "./config.ts";

const request = (headers: Record<string, string>, url = "http://shop.example/") => new Request(url, { headers });

describe("clientAddress", () => {
  it("takes the socket peer only when no proxy is trusted, whatever X-Forwarded-For says", () => {
    const from = request({ [CLIENT_ADDRESS_HEADER]: "10.0.0.5", "x-forwarded-for": "1.2.3.4, 198.51.100.7" });
    expect(clientAddress(from, { TRUST_PROXY: 0 })).toBe("10.0.0.5");
    expect(clientAddress(request({ "x-forwarded-for": "1.2.3.4" }), { TRUST_PROXY: 0 })).toBe("unknown");
  });

  it("behind one trusted proxy takes the address that proxy appended, not what the client wrote before it", () => {
    const from = request({ [CLIENT_ADDRESS_HEADER]: "127.0.0.1", "x-forwarded-for": "1.2.3.4, 198.51.100.7" });
    expect(clientAddress(from, { TRUST_PROXY: 1 })).toBe("198.51.100.7");
  });

  it("behind two trusted proxies skips the inner proxy's entry", () => {
    const from = request({
      [CLIENT_ADDRESS_HEADER]: "10.0.0.2",
      "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.1",
    });
    expect(clientAddress(from, { TRUST_PROXY: 2 })).toBe("198.51.100.7");
    expect(clientAddress(request({ "x-forwarded-for": "198.51.100.7" }), { TRUST_PROXY: 2 })).toBe("198.51.100.7");
  });

  it("falls back to the peer when a trusted proxy sent no X-Forwarded-For, and takes an explicit peer", () => {
    expect(clientAddress(request({ [CLIENT_ADDRESS_HEADER]: "10.0.0.5" }), { TRUST_PROXY: 1 })).toBe("10.0.0.5");
    expect(clientAddress(request({ "x-forwarded-for": "1.2.3.4" }), { TRUST_PROXY: 0 }, "203.0.113.9")).toBe(
      "203.0.113.9",
    );
  });
});

describe("isForwardedHttps", () => {
  it("believes X-Forwarded-Proto only from a trusted proxy", () => {
    const forwarded = request({ "x-forwarded-proto": "https" });
    expect(isForwardedHttps(forwarded, { TRUST_PROXY: 0 })).toBe(false);
    expect(isForwardedHttps(forwarded, { TRUST_PROXY: 1 })).toBe(true);
    expect(isForwardedHttps(request({}, "https://shop.example/"), { TRUST_PROXY: 0 })).toBe(true);
  });
});

describe("TRUST_PROXY", () => {
  it("is a number of hops; true and false still mean one and none", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(() => loadConfig({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  });
});
