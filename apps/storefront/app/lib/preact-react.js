/**
 * What the browser gets for `react` (vite.config.ts): Preact's compatibility layer, plus `useOptimistic`, which
 * React Router's router provider calls and Preact does not have. The router sets an optimistic state only when it
 * is told to use transitions (`useTransitions`), which the shop does not, so the state given is the state shown.
 * (JavaScript, not TypeScript: the compatibility layer's types are written for `export =`, which `export *` cannot
 * re-export; the shop's code is type-checked against React's types.)
 */
import * as compat from "preact/compat";

export * from "preact/compat";
export default compat;

/**
 * @template S
 * @param {S} state
 * @returns {[S, (update: unknown) => void]}
 */
export function useOptimistic(state) {
  return [state, () => {}];
}
