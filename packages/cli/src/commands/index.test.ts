import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli.ts";
import { commands } from "./index.ts";

const root = resolve(import.meta.dirname, "../../../..");

/** Every test file of the repository (the CLI's own, and the storefront's that drive it as an operator would). */
function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules" || entry.name === "build" || entry.name.startsWith(".")) return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("the vitrine command", () => {
  it("lists every command in --help", async () => {
    const out: string[] = [];
    expect(await runCli(commands, ["--help"], { out: (l) => out.push(l), err: (l) => out.push(l) })).toBe(0);
    const listed = out
      .join("\n")
      .split("\n")
      .map((line) => /^ {2}(\S.*?)\s{2,}/.exec(line)?.[1])
      .filter((path): path is string => path !== undefined);
    expect(listed.sort()).toEqual(commands.map((c) => c.path.join(" ")).sort());
  });

  it("has every command run by a test", () => {
    const sources = [join(root, "packages"), join(root, "apps"), join(root, "scripts")]
      .flatMap(testFiles)
      .filter((file) => !file.endsWith("index.test.ts"))
      .map((file) => readFileSync(file, "utf8"));
    // A command runs as cli("a", "b", …) or vitrine("a", "b", …) in process, or with its words after main.ts
    // as a child process, or as ["a", "b", …] handed to runCli.
    const untested = commands
      .map((c) => c.path)
      .filter((path) => {
        const words = path.map((w) => `"${escapeRegExp(w)}"`).join(",\\s*");
        const call = new RegExp(
          `(cli\\(|vitrine\\(|main\\.ts"\\),\\s*|runCli\\(commands,\\s*\\[)\\s*${words}\\s*[,)\\]]`,
        );
        return !sources.some((source) => call.test(source));
      })
      .map((path) => path.join(" "));
    expect(untested).toEqual([]);
  });
});
