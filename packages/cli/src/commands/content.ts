import { readFile, writeFile } from "node:fs/promises";
import { exportContent, formatContentImportIssue, importContent } from "@vitrine/commerce";
import type { Command } from "../cli.ts";

async function readInput(file: string): Promise<string> {
  if (file !== "-") return readFile(file, "utf8");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export const contentCommands: Command[] = [
  {
    path: ["content", "import"],
    summary: "Import content entries (home, service and content pages) from a JSON file",
    usage: "vitrine content import FILE",
    details:
      'A JSON array of entries: {"language","slug","pageType","title","seoTitle","seoDescription","draftBlocks","publishedBlocks"} (the format "content export" writes). Every block is checked against its schema. A file with any problem is rejected with entry number, field and reason, and nothing of it is imported. Entries are matched by language, page type and slug: existing ones are replaced, others stay. Use - for standard input.',
    args: [1, 1],
    async run(ctx) {
      const file = ctx.args[0] as string;
      let text: string;
      try {
        text = await readInput(file);
      } catch (error) {
        ctx.err(`Cannot read ${file}: ${(error as Error).message}`);
        return 1;
      }
      const result = await importContent(await ctx.ctx(), text, ctx.now());
      if (!result.ok) {
        ctx.err(`Rejected ${file}: ${result.issues.length} problem(s), nothing was imported`);
        for (const issue of result.issues) ctx.err(`  ${formatContentImportIssue(issue)}`);
        return 1;
      }
      ctx.out(`Imported ${result.entries} content entries`);
      return 0;
    },
  },
  {
    path: ["content", "export"],
    summary: "Export all content entries as JSON",
    usage: "vitrine content export [--out FILE]",
    options: { out: { type: "string", short: "o", description: "Write to FILE instead of standard output" } },
    async run(ctx) {
      const entries = await exportContent(await ctx.ctx());
      const json = JSON.stringify(entries, null, 2);
      if (typeof ctx.options.out === "string") {
        await writeFile(ctx.options.out, `${json}\n`, "utf8");
        ctx.err(`Exported ${entries.length} content entries to ${ctx.options.out}`);
      } else {
        ctx.out(json);
      }
      return 0;
    },
  },
];
