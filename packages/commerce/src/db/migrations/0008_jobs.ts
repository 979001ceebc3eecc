import { type MigrationDb, notNull, withAutoId } from "../migration-helpers.ts";

/**
 * The worker (packages/commerce/src/jobs/runner.ts): one row per named job that processes claim with a lease (a
 * conditional update, so exactly one process runs a job at a time on SQLite and PostgreSQL alike), one row per run,
 * and one heartbeat row per worker process for the readiness probe.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("job")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("next_run_at", "text", notNull)
    .addColumn("locked_by", "text")
    .addColumn("locked_until", "text")
    .execute();
  await withAutoId(db, db.schema.createTable("job_run"))
    .addColumn("job", "text", notNull)
    .addColumn("worker_id", "text", notNull)
    .addColumn("started_at", "text", notNull)
    .addColumn("finished_at", "text")
    .addColumn("status", "text", notNull)
    .addColumn("error", "text")
    .addColumn("summary", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  await db.schema.createIndex("job_run_job_idx").on("job_run").columns(["job", "started_at"]).execute();
  await db.schema
    .createTable("worker")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("host", "text", notNull)
    .addColumn("pid", "integer", notNull)
    .addColumn("started_at", "text", notNull)
    .addColumn("last_seen", "text", notNull)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("worker").execute();
  await db.schema.dropIndex("job_run_job_idx").execute();
  await db.schema.dropTable("job_run").execute();
  await db.schema.dropTable("job").execute();
}
