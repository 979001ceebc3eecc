import type { Generated } from "kysely";

/** The audit log (migration 0012_audit; packages/commerce/src/audit/audit.ts). */
export interface AuditLogTable {
  id: Generated<number>;
  /** When the change was made (ISO). */
  at: string;
  /** `staff` (back office), `cli` (the `vitrine` command) or `system` (the worker acting on an operator's rule). */
  actor_type: string;
  /** The staff member's id; null for the command line and the system. */
  actor_id: string | null;
  /** Who, readable: the staff member's e-mail, `cli:<os user>` or the job's name. */
  actor_label: string;
  /** What was done, `<subject>.<verb>`: `order.ship`, `staff.invite`, `return.refund`. */
  action: string;
  subject_type: string;
  subject_id: string;
  /** JSON of the changed fields before and after the change; null where there was no before (a creation) or after. */
  before_state: string | null;
  after_state: string | null;
  /** The operator's reason or note, when the action takes one. */
  note: string | null;
  request_id: string;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
