import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fieldIssues, formRefused, invalidForm, rateLimitedFor, refusal, refused } from "./refusal.server.ts";

const APP = fileURLToPath(new URL("../", import.meta.url));

/**
 * Statuses a page may still set itself: they answer for the HTTP layer, not for a domain failure (an unknown
 * route or resource, a refused CSRF token, maintenance, readiness).
 */
const HTTP_LEVEL = new Set([
  "lib/errors.ts",
  "lib/middleware.server.ts",
  "lib/listing.server.ts",
  "routes/store.tsx",
  "routes/i18n.ts",
  "routes/sitemaps.ts",
  "routes/images.ts",
  "routes/maintenance.tsx",
  "routes/readyz.ts",
  // Payment providers' webhooks: a machine endpoint answering the provider (signature refused, unknown provider).
  "routes/api.payments-webhook.ts",
]);

function sources(dir: string): string[] {
  return readdirSync(`${APP}${dir}`, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."))
    .map((f) => `${dir}/${f}`);
}

function answerOf(response: unknown) {
  const { data: body, init } = response as { data: unknown; init: ResponseInit | null };
  return { body, status: init?.status, headers: new Headers(init?.headers) };
}

describe("refusals", () => {
  it("take their status and Retry-After from the error mapper", () => {
    const limited = answerOf(formRefused("sign-in", rateLimitedFor(150), { values: { email: "a@b.ch" } }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("150");
    expect(limited.body).toEqual({
      intent: "sign-in",
      error: "rate_limited",
      errorValues: { minutes: 3 },
      values: { email: "a@b.ch" },
    });

    const invalid = answerOf(formRefused("password", fieldIssues([{ field: "confirm", code: "passwords_differ" }])));
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ intent: "password", issues: [{ field: "confirm", code: "passwords_differ" }] });

    const renamed = answerOf(formRefused("address-delete", refusal("not_found"), { error: "address_not_found" }));
    expect(renamed).toMatchObject({ status: 404, body: { intent: "address-delete", error: "address_not_found" } });
    expect(answerOf(formRefused("sign-in", refusal("invalid_credentials"))).status).toBe(401);
    expect(answerOf(refused({ ok: false }, invalidForm("add"))).status).toBe(400);
    expect(answerOf(refused({}, refusal("expired"))).headers.has("retry-after")).toBe(false);
  });

  it("are the only way pages answer a failure with a 4xx or 5xx status", () => {
    const own = [...sources("routes"), ...sources("lib")]
      .filter((file) => !HTTP_LEVEL.has(file))
      .filter((file) => /status:\s*[45]\d\d/.test(readFileSync(`${APP}${file}`, "utf8")));
    expect(own).toEqual([]);
  });
});
