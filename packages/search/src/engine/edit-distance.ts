/**
 * Bounded optimal-string-alignment distance (Levenshtein plus adjacent transpositions): returns the distance
 * when it is at most `max`, otherwise `max + 1`. Stops as soon as a row exceeds the bound, so comparing a query
 * word against a vocabulary of tens of thousands of words stays cheap.
 */
let prevPrev = new Int32Array(64);
let prev = new Int32Array(64);
let curr = new Int32Array(64);

export function boundedDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0) return lb;
  if (lb === 0) return la;
  if (lb + 1 > curr.length) {
    prevPrev = new Int32Array(lb + 1);
    prev = new Int32Array(lb + 1);
    curr = new Int32Array(lb + 1);
  }
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    curr[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (curr[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        v = Math.min(v, (prevPrev[j - 2] as number) + 1);
      }
      curr[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prevPrev;
    prevPrev = prev;
    prev = curr;
    curr = t;
  }
  const d = prev[lb] as number;
  return d > max ? max + 1 : d;
}

/** Edits a word of this length may contain and still match (issue 4: one from 5 letters, two from 9). */
export function allowedTypos(length: number): number {
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}
