/** Deterministic query material shared by the search benchmark and the pinned-results test. */

/** A small deterministic generator (linear congruential), so every run makes the same queries. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

/** Introduces one typo (swap, drop, replace or double a letter) into a word of five letters or more. */
export function typo(word: string, next: () => number): string {
  const i = 1 + Math.floor(next() * (word.length - 2));
  switch (Math.floor(next() * 4)) {
    case 0:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return `${word.slice(0, i)}x${word.slice(i + 1)}`;
    default:
      return word.slice(0, i) + word[i] + word.slice(i);
  }
}
