import type { Db } from "@vitrine/commerce";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openShopDatabase } from "./basket-fixtures.ts";
import {
  answerProblems,
  customerBrowser,
  type FuzzRequest,
  type FuzzWorld,
  formRequest,
  fuzzWorld,
  healthy,
  pageRequest,
  rpcPayloads,
  rpcRequest,
  searchRequest,
  send,
  stateFingerprint,
} from "./fuzz-inputs.ts";
import { startTestShop, type TestBrowser, type TestShop } from "./shop-client.ts";

/**
 * Property-based fuzzing of every way into the shop (RPC methods, search API, form actions, page query strings):
 * whatever comes in, the answer is never a 5xx, a refusal has its channel's error shape, a refused request changes
 * nothing, and the process stays healthy. Seeded and bounded for CI (FUZZ_SEED, FUZZ_RUNS per channel); the long
 * run is `npm run fuzz`. A failure prints the seed and the shrunk request that reproduces it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

let shop: TestShop;
let db: Db;
let world: FuzzWorld;
let browsers: { guest: TestBrowser; customer: TestBrowser };

beforeAll(async () => {
  shop = await startTestShop();
  db = openShopDatabase();
  world = await fuzzWorld(db);
  browsers = { guest: shop.browser(), customer: await customerBrowser(shop) };
});
afterAll(async () => {
  await db?.destroy();
  await shop?.close();
});

/** Sends one request and checks its answer; for a refused one, that the shop's state is as before. */
async function check(request: FuzzRequest): Promise<void> {
  const before = await stateFingerprint(db);
  const response = await send(request, browsers);
  const problems = await answerProblems(request, response);
  const describeRequest = `${request.method} ${request.path.slice(0, 200)} (${request.as})`;
  expect(problems, describeRequest).toEqual([]);
  if (response.status >= 400) expect(await stateFingerprint(db), `state changed by ${describeRequest}`).toBe(before);
}

function property(arbitrary: fc.Arbitrary<FuzzRequest>, offset: number) {
  return fc.assert(fc.asyncProperty(arbitrary, check), {
    seed: SEED + offset,
    numRuns: RUNS,
    // A failure shrinks towards the smallest request that still fails; bounded so CI does not wait long.
    endOnFailure: false,
    interruptAfterTimeLimit: 30_000,
  });
}

describe("fuzzing", () => {
  it("RPC: every method, any payload, envelope, content type, method and shop id", async () => {
    await property(rpcRequest(world, Object.keys(rpcPayloads(world))), 1);
    expect(await healthy(shop)).toBe(true);
  }, 120_000);

  it("search API: every endpoint, any body, credential, method and query", async () => {
    await property(searchRequest(world), 2);
    expect(await healthy(shop)).toBe(true);
  }, 120_000);

  it("form actions: every page's action, any fields, intents, encodings and content types", async () => {
    await property(formRequest(world), 3);
    expect(await healthy(shop)).toBe(true);
  }, 120_000);

  it("pages: every page type, any query string (facets, sort, page, q, redirects), and their data requests", async () => {
    await property(pageRequest(world), 4);
    expect(await healthy(shop)).toBe(true);
  }, 120_000);

  it("keeps the customer signed in and the guest's basket usable after the runs", async () => {
    const user = await (await browsers.customer.rpc("getUser", null)).json();
    expect(user?.firstName).toBe("Fuzz");
    const added = await browsers.guest.rpc("addItemToBasket", { variantId: world.variantIds[1] });
    expect(added.status).toBe(200);
  });
});
