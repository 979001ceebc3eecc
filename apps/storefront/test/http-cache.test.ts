import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { HttpCache } from "../http-cache.ts";

/**
 * The embedded HTTP cache in front of a page whose render the test holds open, as a render that reads the
 * catalogue while a change lands.
 */
let server: Server | undefined;
afterEach(async () => {
  server?.close();
  server = undefined;
});

async function shopBehindCache(cache: HttpCache) {
  const held: (() => void)[] = [];
  let renders = 0;
  let holdNext = false;
  server = createServer((req, res) => {
    if (cache.answer(req, res)) return;
    const render = ++renders;
    const send = () => {
      res.setHeader("cache-control", "public, max-age=0, s-maxage=300, stale-while-revalidate=30");
      res.setHeader("surrogate-key", "vitrine p-7");
      res.end(`render ${render}`);
    };
    if (holdNext) held.push(send);
    else send();
    holdNext = false;
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async () => {
    const answer = await fetch(`${base}/p/7/`);
    return { cache: answer.headers.get("x-cache"), body: await answer.text() };
  };
  const release = () => {
    for (const send of held.splice(0)) send();
  };
  const heldCount = () => held.length;
  /** The next render waits for `release()`. */
  const hold = () => {
    holdNext = true;
  };
  return { get, hold, release, heldCount };
}

describe("the embedded HTTP cache", () => {
  it("does not keep a render during which one of its tags was purged, and keeps the next one", async () => {
    const cache = new HttpCache(1_000_000);
    const shop = await shopBehindCache(cache);
    shop.hold();
    const first = shop.get();
    await expect.poll(shop.heldCount).toBe(1);
    cache.purge(["p-7"]); // the product changed while its page rendered
    shop.release();
    expect(await first).toEqual({ cache: "miss", body: "render 1" });
    expect(await shop.get()).toEqual({ cache: "miss", body: "render 2" });
    expect(await shop.get()).toEqual({ cache: "hit", body: "render 2" });
  });

  it("keeps a render when other tags were purged meanwhile, and forgets everything on clear", async () => {
    const cache = new HttpCache(1_000_000);
    const shop = await shopBehindCache(cache);
    shop.hold();
    const first = shop.get();
    await expect.poll(shop.heldCount).toBe(1);
    cache.purge(["p-8"]);
    shop.release();
    expect(await first).toEqual({ cache: "miss", body: "render 1" });
    expect(await shop.get()).toEqual({ cache: "hit", body: "render 1" });

    cache.clear();
    shop.hold();
    const third = shop.get();
    await expect.poll(shop.heldCount).toBe(1);
    cache.clear();
    shop.release();
    expect(await third).toEqual({ cache: "miss", body: "render 2" });
    expect((await shop.get()).cache).toBe("miss");
  });
});
