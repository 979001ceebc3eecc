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

process.chdir(root);
await import("../apps/storefront/server.ts");
