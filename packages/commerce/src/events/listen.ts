import pg from "pg";
import { type Db, postgresClientConfig } from "../db/database.ts";
import { createLogger, type Logger } from "../log.ts";
import { EVENT_CHANNEL } from "./publish.ts";

/**
 * Wake-ups for feed readers on PostgreSQL: a dedicated connection LISTENs on the channel every event-writing
 * transaction notifies at commit. A notification only says "read now": readers poll on a timer as well, so a
 * notification lost (the connection down, the server restarting) delays nothing beyond the next poll. A dropped
 * connection is opened again with a growing pause (at most `MAX_RETRY_MS`) and never ends the process. On SQLite
 * there is nothing to listen to: readers poll.
 */

export interface EventWakeUps {
  /** Whether the listening connection is up now. */
  readonly listening: boolean;
  close(): Promise<void>;
}

const MAX_RETRY_MS = 30_000;

export function listenForEvents(
  db: Db,
  wake: () => void,
  options: { log?: Pick<Logger, "warn">; retryMs?: number } = {},
): EventWakeUps {
  const config = postgresClientConfig(db);
  const log = options.log ?? createLogger({ destination: 2 });
  const retryMs = options.retryMs ?? 500;
  let closed = false;
  let listening = false;
  let failures = 0;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  function retry(): void {
    if (closed) return;
    const pause = Math.min(retryMs * 2 ** failures, MAX_RETRY_MS);
    failures++;
    timer = setTimeout(connect, pause);
    timer.unref?.();
  }

  async function connect(): Promise<void> {
    if (closed || !config) return;
    const next = new pg.Client(config);
    client = next;
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      listening = false;
      next.removeAllListeners("notification");
      next.end().catch(() => undefined);
      if (closed) return;
      log.warn({ reason: error?.message ?? "connection ended" }, "event listener disconnected; reconnecting");
      retry();
    };
    next.on("error", drop);
    next.on("end", () => drop());
    next.on("notification", (message) => {
      if (message.channel === EVENT_CHANNEL) wake();
    });
    try {
      await next.connect();
      await next.query(`listen ${EVENT_CHANNEL}`);
    } catch (error) {
      drop(error as Error);
      return;
    }
    if (dropped) return;
    listening = true;
    failures = 0;
    // Whatever was notified while no connection listened is read now.
    wake();
  }

  if (config) void connect();
  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      listening = false;
      await client?.end().catch(() => undefined);
    },
  };
}
