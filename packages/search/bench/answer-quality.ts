import type { Language } from "@vitrine/commerce";
import { buildContentEntries } from "@vitrine/demo-data";
import { helpDocuments } from "../src/help/documents.ts";
import { HelpIndex } from "../src/help/help-index.ts";
import { ANSWER_QUESTIONS, OFF_TOPIC_QUESTIONS } from "./answer-questions.ts";

/**
 * The answers' quality on the demo help content: the share of shopper questions whose answer cites a right
 * article (and whose first citation is one), and the share of off-topic questions answered with cannotAnswer.
 */

export interface LanguageQuality {
  language: Language;
  questions: number;
  cited: number;
  citedFirst: number;
  offTopic: number;
  refused: number;
  misses: { q: string; expect: string[]; got: string[] }[];
  falseAnswers: { q: string; got: string[] }[];
  msPerAnswer: number;
}

export function measureAnswerQuality(): LanguageQuality[] {
  const docs = helpDocuments(buildContentEntries().map((e) => ({ ...e, pageKey: e.pageKey ?? null })));
  const out: LanguageQuality[] = [];
  for (const language of ["de", "fr", "en"] as const) {
    const index = new HelpIndex(
      language,
      docs.filter((d) => d.language === language),
    );
    const keyOf = (doc: number) => index.documents[doc]?.key ?? "";
    const quality: LanguageQuality = {
      language,
      questions: ANSWER_QUESTIONS[language].length,
      cited: 0,
      citedFirst: 0,
      offTopic: OFF_TOPIC_QUESTIONS[language].length,
      refused: 0,
      misses: [],
      falseAnswers: [],
      msPerAnswer: 0,
    };
    const started = performance.now();
    for (const { q, expect } of ANSWER_QUESTIONS[language]) {
      const answer = index.answer(q);
      const got = answer.citations.map(keyOf);
      if (!answer.cannotAnswer && got.some((k) => expect.includes(k))) quality.cited++;
      else quality.misses.push({ q, expect, got: answer.cannotAnswer ? ["(cannotAnswer)"] : got });
      if (!answer.cannotAnswer && expect.includes(got[0] ?? "")) quality.citedFirst++;
    }
    for (const q of OFF_TOPIC_QUESTIONS[language]) {
      const answer = index.answer(q);
      if (answer.cannotAnswer) quality.refused++;
      else quality.falseAnswers.push({ q, got: answer.citations.map(keyOf) });
    }
    const total = quality.questions + quality.offTopic;
    quality.msPerAnswer = (performance.now() - started) / total;
    out.push(quality);
  }
  return out;
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;

export function formatAnswerQuality(results: readonly LanguageQuality[], verbose = false): string[] {
  const rows: string[] = [];
  let cited = 0;
  let questions = 0;
  let refused = 0;
  let offTopic = 0;
  for (const r of results) {
    cited += r.cited;
    questions += r.questions;
    refused += r.refused;
    offTopic += r.offTopic;
    rows.push(
      `${r.language}: right article cited ${r.cited}/${r.questions} (${pct(r.cited, r.questions)}), first citation right ${pct(r.citedFirst, r.questions)}; off-topic cannotAnswer ${r.refused}/${r.offTopic} (${pct(r.refused, r.offTopic)}); ${r.msPerAnswer.toFixed(2)} ms per answer`,
    );
    if (verbose) {
      for (const m of r.misses)
        rows.push(`   miss: ${m.q} → ${m.got.join(", ") || "-"} (expected ${m.expect.join(" | ")})`);
      for (const f of r.falseAnswers) rows.push(`   answered off-topic: ${f.q} → ${f.got.join(", ")}`);
    }
  }
  rows.push(
    `all: right article cited ${pct(cited, questions)} (target ≥ 80 %), off-topic cannotAnswer ${pct(refused, offTopic)} (target ≥ 90 %)`,
  );
  return rows;
}

if (import.meta.main) {
  for (const row of formatAnswerQuality(measureAnswerQuality(), process.argv.includes("--verbose"))) console.log(row);
}
