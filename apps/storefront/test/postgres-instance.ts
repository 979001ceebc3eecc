import { execFile } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster of one test (initdb in a temporary folder, its own port on 127.0.0.1, trust
 * authentication) that the test may stop and start as it likes: the shared test cluster on 5432 is never touched.
 * As root the server runs as the `postgres` user (PostgreSQL refuses to run as root).
 */
export interface PostgresInstance {
  url: string;
  port: number;
  stop(mode?: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

/** The bin folder of the newest PostgreSQL installed (Debian layout), or PG_BIN; undefined when there is none. */
export function postgresBinaries(): string | undefined {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, "pg_ctl"))) return process.env.PG_BIN;
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], "bin") : undefined;
}

export async function startPostgresInstance(port: number): Promise<PostgresInstance> {
  const bin = postgresBinaries();
  if (!bin) throw new Error("no PostgreSQL binaries (/usr/lib/postgresql/*/bin or PG_BIN)");
  const folder = mkdtempSync(join(tmpdir(), "vitrine-pg-"));
  const data = join(folder, "data");
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(folder, Number(stdout.trim()), Number(gid.trim()));
    chmodSync(folder, 0o700);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", join(bin, tool), ...args], { timeout: 60_000 })
      : run(join(bin, tool), args, { timeout: 60_000 });
  await pg("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c fsync=off -c max_connections=50`;
  const start = async () => {
    await pg("pg_ctl", ["-D", data, "-o", options, "-l", join(folder, "log"), "-w", "-t", "30", "start"]);
  };
  const stop = async (mode: "fast" | "immediate" = "fast") => {
    await pg("pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "30", "stop"]);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      await stop("immediate").catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
