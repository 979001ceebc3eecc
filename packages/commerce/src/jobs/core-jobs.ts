import { reconcilePayments } from "../checkout/reconcile.ts";
import type { VitrineConfig } from "../config.ts";
import { deleteUnusedPicturesAll } from "../media/service.ts";
import { cancelUnpaidPrepayments } from "../orders/expiry.ts";
import { deliverOutbox } from "../orders/outbox.ts";
import { runRetention } from "./retention.ts";
import type { JobDefinition } from "./runner.ts";

/**
 * The commerce core's jobs, each period a setting. Mails are delivered with the configuration (SMTP_URL, MAIL_FROM)
 * of the process running the worker, not of the process that queued them.
 */
export function coreJobs(
  config: Pick<
    VitrineConfig,
    | "MAIL_JOB_INTERVAL_S"
    | "RETENTION_JOB_INTERVAL_S"
    | "EXPIRY_JOB_INTERVAL_S"
    | "PAYMENT_RECONCILE_JOB_INTERVAL_S"
    | "MEDIA_CLEANUP_JOB_INTERVAL_S"
  >,
): JobDefinition[] {
  return [
    {
      name: "mail",
      intervalMs: config.MAIL_JOB_INTERVAL_S * 1000,
      async run(ctx) {
        const report = await deliverOutbox(ctx);
        return { ...report };
      },
    },
    {
      name: "prepayment-expiry",
      intervalMs: config.EXPIRY_JOB_INTERVAL_S * 1000,
      async run(ctx) {
        return { ...(await cancelUnpaidPrepayments(ctx)) };
      },
    },
    {
      name: "payment-reconcile",
      intervalMs: config.PAYMENT_RECONCILE_JOB_INTERVAL_S * 1000,
      async run(ctx) {
        return { ...(await reconcilePayments(ctx)) };
      },
    },
    {
      name: "media-cleanup",
      intervalMs: config.MEDIA_CLEANUP_JOB_INTERVAL_S * 1000,
      async run(ctx) {
        return { ...(await deleteUnusedPicturesAll(ctx)) };
      },
    },
    {
      name: "retention",
      intervalMs: config.RETENTION_JOB_INTERVAL_S * 1000,
      async run(ctx) {
        return { ...(await runRetention(ctx)) };
      },
    },
  ];
}
