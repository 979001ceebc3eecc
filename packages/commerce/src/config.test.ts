import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("configuration", () => {
  it("loads demo data (and its gift cards of published codes) only when DEMO_PRODUCTS asks for it", () => {
    expect(loadConfig({}).DEMO_PRODUCTS).toBe(0);
    expect(loadConfig({ DEMO_PRODUCTS: "400" }).DEMO_PRODUCTS).toBe(400);
  });
});
