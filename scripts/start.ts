// `npm start`: builds the storefront when no build is there yet, then runs the production server: one process per
// core sharing the port (WEB_CONCURRENCY, apps/storefront/cluster.ts), or with WEB_CONCURRENCY=1 in this process.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { loadConfig } from "@vitrine/commerce/config";

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
const processes = serverProcesses();
if (processes <= 1) {
  await import("../apps/storefront/server.ts");
} else {
  const { runCluster } = await import("../apps/storefront/cluster.ts");
  await runCluster({ processes, exec: join(root, "apps/storefront/server.ts") });
}

/** WEB_CONCURRENCY as the server reads it (0: one per core); a bad value is left to the server to report. */
function serverProcesses(): number {
  let configured = 0;
  try {
    configured = loadConfig().WEB_CONCURRENCY;
  } catch {
    return 1;
  }
  return configured === 0 ? availableParallelism() : configured;
}
