/**
 * The order every replay of an investor's trades runs in (the figures and the statements):
 * oldest first by time, then by id. Times are ISO timestamps of one format and ids are UUIDs,
 * so comparing code units gives the same order as localeCompare's collation, several times
 * faster over an investor's thousands of trades.
 */
export const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const tradeOrder = (a: { at: string; id: string }, b: { at: string; id: string }) =>
  byCodeUnit(a.at, b.at) || byCodeUnit(a.id, b.id);
