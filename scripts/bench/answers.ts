// Answer quality of the help centre (issue 23): computed on the demo help content in this process (no load on
// the shop), the same figures as `npm run bench:answers`.
import { formatAnswerQuality, measureAnswerQuality } from "../../packages/search/bench/answer-quality.ts";

export async function benchAnswers(_baseUrl: string): Promise<string[]> {
  return formatAnswerQuality(measureAnswerQuality());
}
