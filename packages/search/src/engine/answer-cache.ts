import type { FacetResponse } from "../api/types.ts";

/**
 * What a query without facet filters found, kept for the next request of the same listing or search: the number
 * of results, the best results (parents, best first) as far as a page has asked for them, and the facet values
 * as counted. Listings of a large category and frequent searches visit hundreds of thousands of slots at a
 * million products; the same question asked again is answered from here.
 */
export interface CachedAnswer {
  total: number;
  /** The first results in order (at least as many as the request that stored them showed, or all). */
  ranked: ArrayLike<number>;
  facets: readonly FacetResponse[];
}

/** Answers kept, at most (the oldest used goes first). */
const MAX_ANSWERS = 2000;
/** Result slots kept over all answers, at most (4 bytes each in a typed array; a few MB). */
const MAX_RANKED = 1_000_000;

/**
 * Answers by key (store, kind, what is asked, sort, the facets requested), each valid for one stamp: the store
 * view's catalogue and rank versions, the merchandising and the minute (facet date windows move with it). A
 * catalogue change moves the stamp, so no answer outlives the index it was computed from.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { stamp: string; answer: CachedAnswer }>();
  private ranked = 0;
  /** Answers found and computed, for tests and tools. */
  hits = 0;
  misses = 0;
  /** Off: every question is answered by its query (benchmarks compare). */
  enabled = true;

  /** The answer stored for `key` at `stamp` holding the first `end` results, if any (a copy of its facets). */
  get(key: string, stamp: string, end: number): CachedAnswer | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry || entry.stamp !== stamp || entry.answer.ranked.length < Math.min(end, entry.answer.total)) {
      this.misses++;
      return undefined;
    }
    // Most recently used last: the cache drops from the front.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits++;
    return { ...entry.answer, facets: structuredClone(entry.answer.facets) as FacetResponse[] };
  }

  set(key: string, stamp: string, answer: CachedAnswer): void {
    if (!this.enabled) return;
    this.drop(key);
    const stored = {
      total: answer.total,
      ranked: Int32Array.from(answer.ranked),
      facets: structuredClone(answer.facets),
    };
    while (
      this.entries.size > 0 &&
      (this.entries.size >= MAX_ANSWERS || this.ranked + stored.ranked.length > MAX_RANKED)
    ) {
      this.drop(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { stamp, answer: stored });
    this.ranked += stored.ranked.length;
  }

  clear(): void {
    this.entries.clear();
    this.ranked = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.ranked -= entry.answer.ranked.length;
  }
}
