import { describe, expect, it } from "vitest";
import { jsonResponse } from "./json-response.ts";

describe("jsonResponse", () => {
  it("sends the body as JSON with its length in bytes, keeping the status and the given headers", async () => {
    const answer = jsonResponse({ name: "Größe", count: 2 }, { status: 201, headers: { "cache-control": "no-store" } });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("content-type")).toBe("application/json");
    const body = new Uint8Array(await answer.arrayBuffer());
    // "ö" and "ß" take two bytes each in UTF-8.
    expect(Number(answer.headers.get("content-length"))).toBe(body.byteLength);
    expect(body.byteLength).toBe(JSON.stringify({ name: "Größe", count: 2 }).length + 2);
    expect(JSON.parse(new TextDecoder().decode(body))).toEqual({ name: "Größe", count: 2 });
  });

  it("sends null for nothing", async () => {
    const answer = jsonResponse(null);
    expect(await answer.text()).toBe("null");
    expect(answer.headers.get("content-length")).toBe("4");
  });
});
