// The alphabet of add-funds references (request-funds.server.ts): no 0/O or 1/I.
const CODE_PART = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{4}$/;
const CODE_WHOLE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/;
const MOST_CODES = 20;

/**
 * The add-funds references a narration quotes, as "AG7K-M2QX". A reference counts only as a
 * whole token: its two halves joined by a hyphen ("NEFT-AG7K-M2QX-RAVI") or run together, as
 * banks that drop punctuation print it ("UPI/AG7KM2QX/..."); case is ignored. Half a longer
 * word ("XAG7K-M2QX") is not a reference. These are candidates: "NEFT-AG7K" is read too, and
 * matching keeps only those that are a request's reference.
 */
export function referenceCodesIn(narration: string): string[] {
  const text = narration.toUpperCase();
  const tokens = [...text.matchAll(/[A-Z0-9]+/g)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));
  const codes = new Set<string>();
  tokens.forEach((token, i) => {
    if (CODE_WHOLE.test(token.word)) codes.add(`${token.word.slice(0, 4)}-${token.word.slice(4)}`);
    const next = tokens[i + 1];
    if (next && CODE_PART.test(token.word) && CODE_PART.test(next.word) && text.slice(token.end, next.start) === "-") {
      codes.add(`${token.word}-${next.word}`);
    }
  });
  return [...codes].slice(0, MOST_CODES);
}
