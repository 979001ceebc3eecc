/**
 * Prints the pinned query set's results on a large catalogue, one line per query, to compare two versions of
 * the engine: `node packages/search/bench/pinned-dump.ts --size 100000 --rounds 40 > a.txt`, change, run again,
 * `diff a.txt b.txt`.
 */
import { runPinnedQueries } from "../test/pinned-queries.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? (args[at + 1] as string) : fallback;
};
for (const r of runPinnedQueries(Number(option("size", "100000")), Number(option("rounds", "40")))) {
  console.log(`${r.name} → ${r.total} [${r.ids}] ${r.hash}`);
}
