import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "./config.ts";
import { errorReporter, SENTRY_DSN_MISSING, startErrorReporting, stopErrorReporting } from "./error-reporting.ts";

/** A Sentry-compatible ingest on 127.0.0.1 that keeps the envelopes it receives. */
let server: Server;
let port: number;
const envelopes: { path: string; body: string }[] = [];

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void read(req).then((body) => {
      envelopes.push({ path: req.url ?? "", body });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

afterEach(async () => {
  await stopErrorReporting();
  envelopes.length = 0;
});

describe("error reporting", () => {
  it("warns 'Sentry DSN is not provided' and sends nothing without a DSN", async () => {
    const warn = vi.fn();
    const reporter = await startErrorReporting(loadConfig({}), { warn });
    expect(warn).toHaveBeenCalledWith(SENTRY_DSN_MISSING);
    expect(reporter.enabled).toBe(false);
    reporter.capture(new Error("lost"));
    expect(await reporter.flush(200)).toBe(true);
    expect(envelopes).toEqual([]);
  });

  it("sends errors to a Sentry-compatible service under the environment 'unknown' by default", async () => {
    const warn = vi.fn();
    const config = loadConfig({ SENTRY_DSN: `http://publickey@127.0.0.1:${port}/42` });
    expect(config.SENTRY_ENVIRONMENT).toBe("unknown");
    await startErrorReporting(config, { warn });
    expect(warn).not.toHaveBeenCalled();
    errorReporter().capture(new Error("basket exploded"), { requestId: "r-1", path: "/de/cart/" });
    expect(await errorReporter().flush(5000)).toBe(true);
    expect(envelopes).toHaveLength(1);
    expect(envelopes[0]?.path).toMatch(/^\/api\/42\/envelope\/\?/);
    const [header, , event] = (envelopes[0]?.body ?? "").split("\n").map((line) => JSON.parse(line));
    expect(header.event_id).toBe(event.event_id);
    expect(event.environment).toBe("unknown");
    expect(event.exception.values[0].value).toBe("basket exploded");
    expect(event.extra).toMatchObject({ requestId: "r-1", path: "/de/cart/" });
  });

  it("reports under the configured environment", async () => {
    await startErrorReporting(
      loadConfig({ SENTRY_DSN: `http://k@127.0.0.1:${port}/7`, SENTRY_ENVIRONMENT: "staging" }),
      { warn: () => {} },
    );
    errorReporter().capture(new Error("x"));
    await errorReporter().flush(5000);
    const event = JSON.parse((envelopes[0]?.body ?? "").split("\n")[2] ?? "{}");
    expect(event.environment).toBe("staging");
  });
});
