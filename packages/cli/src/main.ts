#!/usr/bin/env node
import { spawn } from "node:child_process";
import { constants } from "node:os";

/**
 * `catalog import` runs in a process of its own with a small V8 heap: 16 MB semi-spaces and at most 256 MB of old
 * generation. The import keeps about 50 MB of live objects whatever the file's size (measured after forced
 * collections), but on a large machine V8 lets the young generation grow to 64 MB semi-spaces and the old one to
 * several times its live size before it collects: a 20,000-product import peaked at 420 MB, 215 MB with these
 * limits, in the same time (`npm run bench:import`). Every other command, which may need more, keeps Node's defaults.
 * Should an import ever need more, it fails as a whole and its transaction leaves the shop as it was.
 */
const IMPORT_HEAP = ["--max-semi-space-size=16", "--max-old-space-size=256"];

const argv = process.argv.slice(2);
const words = argv.filter((a) => !a.startsWith("-"));
const heapSet = process.execArgv.some((a) => /^--max-(semi|old)-space-size/.test(a));
if (words[0] === "catalog" && words[1] === "import" && !heapSet) {
  const child = spawn(process.execPath, [...process.execArgv, ...IMPORT_HEAP, import.meta.filename, ...argv], {
    stdio: "inherit",
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => {
    process.exitCode = code ?? 128 + (signal ? constants.signals[signal] : 0);
  });
} else {
  const { runCli } = await import("./cli.ts");
  const { commands } = await import("./commands/index.ts");
  process.exitCode = await runCli(commands, argv);
}
