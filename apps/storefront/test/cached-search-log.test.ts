import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VISITOR_COOKIE } from "@vitrine/search";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_NOTE_HEADER } from "../app/lib/http-cache.ts";
import { withholdNote } from "../http-cache.ts";
import { freePort, type ServerProcess, startServer, stopServer, within } from "./server-process.ts";

/**
 * Searches and listings answered by the server's HTTP cache are logged like rendered ones (issue 18): the search
 * log, the analytics built on it and the learned queries count every visit, each with its own visitor, and the
 * note that carries the search to the cache never leaves the server.
 */

let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "vitrine-cached-log-"));
  const env: NodeJS.ProcessEnv = { ...process.env, VITRINE_DATA_DIR: dataDir, DATABASE_URL: "", DEMO_PRODUCTS: "300" };
  delete env.DATABASE_SCHEMA;
  server = await startServer(await freePort(), env, 150_000);
}, 180_000);

afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

const VISITORS = ["6d1c1c9e-1f3a-4b8e-9a51-0c2f6a1b7d01", "6d1c1c9e-1f3a-4b8e-9a51-0c2f6a1b7d02"];

async function view(path: string, visitor: string): Promise<Response> {
  const response = await fetch(`${server.base}${path}`, {
    headers: { cookie: `${VISITOR_COOKIE}=${visitor}`, "user-agent": `test-browser-${visitor.slice(-2)}` },
  });
  await response.arrayBuffer();
  return response;
}

interface LoggedRow {
  type: string;
  query: string | null;
  client_id: string | null;
  results: number;
}

function logged(type: string): LoggedRow[] {
  const db = new Database(join(dataDir, "vitrine.sqlite"), { readonly: true });
  try {
    return db
      .prepare("select type, query, client_id, results from search_event where type = ? order by id")
      .all(type) as LoggedRow[];
  } finally {
    db.close();
  }
}

describe("the server's HTTP cache and the search log", () => {
  it("logs a search for every view, the cached ones with their own visitor", async () => {
    const first = await view("/de/search/?searchTerm=kleid", VISITORS[0] as string);
    const second = await view("/de/search/?searchTerm=kleid", VISITORS[1] as string);
    expect(first.headers.get("x-cache")).toBe("miss");
    expect(second.headers.get("x-cache")).toBe("hit");
    for (const answer of [first, second]) expect(answer.headers.has(CACHE_NOTE_HEADER)).toBe(false);

    await within(async () => logged("search").filter((r) => r.query === "kleid").length >= 2, 10_000, "two searches");
    const rows = logged("search").filter((r) => r.query === "kleid");
    expect(rows.map((r) => r.client_id)).toEqual(VISITORS);
    expect(rows[1]?.results).toBe(rows[0]?.results);
    expect(rows[0]?.results).toBeGreaterThan(0);
  });

  it("logs a category listing for every view", async () => {
    const before = logged("listing").length;
    const answers = [];
    for (const visitor of [...VISITORS, ...VISITORS]) answers.push(await view("/de/c/damen/", visitor));
    expect(answers.map((a) => a.headers.get("x-cache"))).toEqual(["miss", "hit", "hit", "hit"]);
    await within(async () => logged("listing").length >= before + 4, 10_000, "four listings");
    expect(
      logged("listing")
        .slice(before)
        .map((r) => r.client_id),
    ).toEqual([...VISITORS, ...VISITORS]);
  });

  it("does not log pages that log nothing when they render, nor HEAD requests", async () => {
    const searches = logged("search").length;
    const listings = logged("listing").length;
    await view("/de/", VISITORS[0] as string);
    await view("/de/", VISITORS[1] as string);
    const head = await fetch(`${server.base}/de/search/?searchTerm=kleid`, { method: "HEAD" });
    expect(head.headers.get("x-cache")).toBe("hit");
    // One more search view afterwards: when it is logged, anything logged before it has been written too.
    await view("/de/search/?searchTerm=kleid", VISITORS[0] as string);
    await within(async () => logged("search").length >= searches + 1, 10_000, "the last search");
    expect(logged("search").length).toBe(searches + 1);
    expect(logged("listing").length).toBe(listings);
  });
});

describe("withholdNote", () => {
  it("takes the note off the answer however the header was set, and reads it", async () => {
    const notes: (string | undefined)[] = [];
    const http = createServer((req, res) => {
      const note = withholdNote(res, CACHE_NOTE_HEADER);
      res.on("finish", () => notes.push(note()));
      if (req.url === "/set") {
        res.setHeader(CACHE_NOTE_HEADER, "by-set-header");
        res.writeHead(200, { "content-type": "text/plain" });
      } else if (req.url === "/object") {
        res.writeHead(200, "OK", { "content-type": "text/plain", [CACHE_NOTE_HEADER]: "by-write-head" });
      } else {
        res.writeHead(200, { "content-type": "text/plain" });
      }
      res.end("answer");
    });
    const port = await freePort();
    await new Promise<void>((done) => http.listen(port, "127.0.0.1", done));
    try {
      for (const path of ["/set", "/object", "/none"]) {
        const answer = await fetch(`http://127.0.0.1:${port}${path}`);
        expect(await answer.text()).toBe("answer");
        expect(answer.headers.has(CACHE_NOTE_HEADER)).toBe(false);
      }
      expect(notes).toEqual(["by-set-header", "by-write-head", undefined]);
    } finally {
      await new Promise((done) => http.close(done));
    }
  });
});
