import type { JobDefinition, VitrineConfig } from "@vitrine/commerce";
import { rollUpSearchAnalytics } from "./events/rollup.ts";

/** The search module's background jobs, run by the shop's worker next to the commerce core's. */
export function searchJobs(config: Pick<VitrineConfig, "SEARCH_ROLLUP_JOB_INTERVAL_S">): JobDefinition[] {
  return [
    {
      name: "search-analytics",
      intervalMs: config.SEARCH_ROLLUP_JOB_INTERVAL_S * 1000,
      async run(ctx) {
        const report = await rollUpSearchAnalytics(ctx);
        return { days: report.days.length, through: report.days.at(-1) ?? null, pruned: report.pruned };
      },
    },
  ];
}
