import { connect, createServer, type Server, type Socket } from "node:net";
import { createDatabase, type Db } from "@vitrine/commerce";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "./shop-client.ts";

/**
 * PostgreSQL going away under a running shop (restart, failover, terminated connections): the process must
 * survive, answer 503 with Retry-After meanwhile, and recover by itself. The shared test cluster is never
 * restarted: the shop reaches PostgreSQL through a TCP relay this test can cut, and its connections, named after
 * its schema (`application_name`), are terminated one by one. PostgreSQL only: SQLite has no connection to lose.
 */
const isPostgres = /^postgres/.test(process.env.DATABASE_URL ?? "");

/** A TCP relay to PostgreSQL that can be cut (refusing new connections, dropping open ones) and restored. */
class Relay {
  #server: Server | undefined;
  readonly #sockets = new Set<Socket>();
  readonly targetHost: string;
  readonly targetPort: number;
  port = 0;
  constructor(targetHost: string, targetPort: number) {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
  }

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on("close", () => this.#sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as { port: number }).port;
    this.#server = server;
  }

  async cut(): Promise<void> {
    const closed = new Promise((resolve) => this.#server?.close(resolve));
    for (const socket of this.#sockets) socket.destroy();
    await closed;
  }
}

let shop: TestShop;
let relay: Relay;
let admin: Db;
let schema: string;

beforeAll(async () => {
  if (!isPostgres) return;
  const direct = new URL(process.env.DATABASE_URL as string);
  relay = new Relay(direct.hostname, Number(direct.port || 5432));
  await relay.open();
  const relayed = new URL(direct);
  relayed.hostname = "127.0.0.1";
  relayed.port = String(relay.port);
  admin = createDatabase({ url: direct.href, poolSize: 1 });
  shop = await startTestShop({ DATABASE_URL: relayed.href });
  schema = process.env.DATABASE_SCHEMA as string;
}, 60_000);

afterAll(async () => {
  await shop?.close();
  await admin?.destroy();
  await relay?.cut();
});

/**
 * `/readyz` until it answers 200, at most 12 times: a pooled connection that died with the database fails the one
 * request that gets it (the pool then drops it), as the pages' requests above may. The last answer, with its checks.
 */
async function readyAgain(browser: ReturnType<TestShop["browser"]>): Promise<{ status: number; body: string }> {
  let last = { status: 0, body: "" };
  for (let i = 0; i < 12 && last.status !== 200; i++) {
    const answer = await browser.fetch("/readyz");
    last = { status: answer.status, body: await answer.text() };
  }
  return last;
}

describe.skipIf(!isPostgres)("PostgreSQL going away", () => {
  it("survives its connections being terminated and answers from fresh ones", async () => {
    const browser = shop.browser();
    expect((await browser.fetch("/de/cart/")).status).toBe(200);
    const { rows } = await sql<{ pid: number }>`
      select pg_terminate_backend(pid) as pid from pg_stat_activity where application_name = ${`vitrine:${schema}`}
    `.execute(admin);
    expect(rows.length).toBeGreaterThan(0);
    // A request that got one of the terminated connections before the pool noticed answers 503; the pool drops
    // each such connection (10 at most) and the next requests get fresh ones.
    const statuses: number[] = [];
    while (statuses.at(-1) !== 200 && statuses.length < 20) statuses.push((await browser.fetch("/de/cart/")).status);
    expect(
      statuses.every((status) => status === 200 || status === 503),
      String(statuses),
    ).toBe(true);
    expect(statuses.at(-1)).toBe(200);
    const ready = await readyAgain(browser);
    expect(ready.status, ready.body).toBe(200);
  });

  it("answers 503 with Retry-After while it cannot be reached, and recovers when it is back", async () => {
    const browser = shop.browser();
    expect((await browser.fetch("/de/cart/")).status).toBe(200);
    await relay.cut();
    try {
      const page = await browser.fetch("/de/cart/");
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await page.text()).toContain("cannot be reached");
      const rpc = await browser.rpc("getBasket", null);
      expect(rpc.status).toBe(503);
      expect((await rpc.json()).detail).toContain("cannot be reached");
      expect((await browser.fetch("/readyz")).status).toBe(503);
    } finally {
      await relay.open();
    }
    const statuses: number[] = [];
    while (statuses.at(-1) !== 200 && statuses.length < 12) statuses.push((await browser.fetch("/de/cart/")).status);
    expect(statuses.at(-1), String(statuses)).toBe(200);
    const ready = await readyAgain(browser);
    expect(ready.status, ready.body).toBe(200);
  });
});
