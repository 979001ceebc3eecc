import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { afterAll, describe, expect, it } from "vitest";

const main = join(import.meta.dirname, "main.ts");
const folder = mkdtempSync(join(tmpdir(), "vitrine-main-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Each Node process of the run writes its V8 heap limit to standard error (preloaded, so also in a child). */
const heapProbe = join(folder, "heap.mjs");
writeFileSync(
  heapProbe,
  `import v8 from "node:v8";
process.stderr.write("heap limit " + Math.round(v8.getHeapStatistics().heap_size_limit / 2 ** 20) + " MB\\n");`,
);

function vitrine(...args: string[]) {
  const run = spawnSync(process.execPath, ["--import", pathToFileURL(heapProbe).href, main, ...args], {
    env: { ...process.env, VITRINE_DATA_DIR: join(folder, "data"), DATABASE_URL: "", LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  const limits = [...run.stderr.matchAll(/heap limit (\d+) MB/g)].map((m) => Number(m[1]));
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, limits };
}

describe("the vitrine command (main.ts)", () => {
  it("runs catalog import in a process of its own with a small heap, and passes its exit status on", () => {
    const demo = generateDemoCatalog({ products: 5, seed: 3, today: new Date("2026-11-01T00:00:00Z") });
    const file = join(folder, "catalog.jsonl");
    writeFileSync(file, `${[...demo.categories, ...demo.products].map((r) => JSON.stringify(r)).join("\n")}\n`);
    const imported = vitrine("catalog", "import", file);
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toContain("Imported");
    // The launcher with Node's default heap, the import with 256 MB of old generation and 16 MB semi-spaces.
    expect(imported.limits).toHaveLength(2);
    expect(Math.min(...imported.limits)).toBeLessThanOrEqual(320);
    expect(Math.max(...imported.limits)).toBeGreaterThan(320);

    const broken = join(folder, "broken.jsonl");
    writeFileSync(broken, "{not json\n");
    const refused = vitrine("catalog", "import", broken);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("Rejected");
  });

  it("runs every other command in one process with Node's default heap", () => {
    const help = vitrine("catalog", "--help");
    expect(help.status).toBe(0);
    expect(help.limits).toHaveLength(1);
    expect(help.limits[0]).toBeGreaterThan(320);
  });
});
