// `npm start`: builds the storefront when no build is there yet, then runs the production server in this
// process (so Ctrl-C reaches it directly and it stops cleanly).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const buildDir = join(root, "apps/storefront", process.env.VITRINE_BUILD_DIR ?? "build");

if (!existsSync(join(buildDir, "server/index.js"))) {
  console.log("vitrine: building the storefront (first start)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * `npm start` runs this through a shell (`exec` in package.json replaces the shell, so npm's forwarded SIGTERM
 * reaches this process). Should a wrapper still die without passing the signal on, this process notices that it
 * was orphaned and stops as on SIGTERM, instead of serving on unsupervised.
 */
const PARENT_CHECK_MS = 1000;
const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watch);
  process.kill(process.pid, "SIGTERM");
}, PARENT_CHECK_MS);
watch.unref();

process.chdir(root);
await import("../apps/storefront/server.ts");
