/**
 * A small deterministic generator for tests that drive the database through many random
 * changes, so a failure can be replayed from its seed: `random(n)` is an integer in [0, n).
 * A linear congruential generator, answering from its high bits: its low bits cycle with short
 * periods (the lowest alternates), so `state % 2` would alternate too.
 */
export function seededRandom(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state >>> 16) % below;
  };
}
