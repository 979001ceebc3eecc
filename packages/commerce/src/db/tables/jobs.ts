import type { Generated } from "kysely";

/** The worker's tables (migration 0008_jobs; packages/commerce/src/jobs/runner.ts). */
export interface JobTable {
  name: string;
  /** When the job is due next (ISO). */
  next_run_at: string;
  /** The worker holding the job, and until when its claim holds: a crashed worker's claim simply expires. */
  locked_by: string | null;
  locked_until: string | null;
}

export interface JobRunTable {
  id: Generated<number>;
  job: string;
  worker_id: string;
  started_at: string;
  finished_at: string | null;
  /** `running`, `ok` or `failed`. */
  status: string;
  error: string | null;
  /** JSON object the job returned, e.g. `{"sent":3,"failed":1}`. */
  summary: Generated<string>;
}

export interface WorkerTable {
  id: string;
  host: string;
  pid: number;
  started_at: string;
  last_seen: string;
}

export interface JobTables {
  job: JobTable;
  job_run: JobRunTable;
  worker: WorkerTable;
}
