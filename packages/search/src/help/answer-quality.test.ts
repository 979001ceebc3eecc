import { describe, expect, it } from "vitest";
import { measureAnswerQuality } from "../../bench/answer-quality.ts";
import { ANSWER_QUESTIONS, OFF_TOPIC_QUESTIONS } from "../../bench/answer-questions.ts";

/** The answers' quality bar (issue 23) on the demo help content, per language. */
describe("answer quality on the demo help centre", () => {
  const results = measureAnswerQuality();

  it("has at least 30 shopper questions and some off-topic ones per language", () => {
    for (const language of ["de", "fr", "en"] as const) {
      expect(ANSWER_QUESTIONS[language].length).toBeGreaterThanOrEqual(30);
      expect(OFF_TOPIC_QUESTIONS[language].length).toBeGreaterThanOrEqual(10);
    }
  });

  for (const r of results) {
    it(`${r.language}: cites a right article for at least 80 % of the questions`, () => {
      expect(r.cited / r.questions).toBeGreaterThanOrEqual(0.8);
    });
    it(`${r.language}: answers at least 90 % of the off-topic questions with cannotAnswer`, () => {
      expect(r.refused / r.offTopic).toBeGreaterThanOrEqual(0.9);
    });
  }
});
