/**
 * How well the name a bank holds for an account matches the investor's KYC name, 0 to 100
 * (ADR 0064), for the admin reviewing the KYC. Banks write names their own way: upper case,
 * initials, a title, the surname first. So the score compares the names as sets of words,
 * ignoring case, punctuation, order and titles, and lets an initial stand for a word it
 * begins. 100 is the same words; 0 is nothing in common.
 */
const TITLES = new Set(["MR", "MRS", "MS", "MISS", "DR", "SHRI", "SRI", "SMT", "KUM", "KUMARI", "M/S", "MS."]);

function words(name: string): string[] {
  return name
    .toUpperCase()
    .replace(/[^A-Z\s]/g, " ")
    .split(/\s+/)
    .filter((word) => word && !TITLES.has(word));
}

export function nameMatchScore(kycName: string, registeredName: string): number {
  const given = words(kycName);
  const held = words(registeredName);
  if (given.length === 0 || held.length === 0) return 0;
  const unused = [...held];
  let matched = 0;
  for (const word of given) {
    const exact = unused.indexOf(word);
    if (exact >= 0) {
      unused.splice(exact, 1);
      matched += 1;
      continue;
    }
    const initial = unused.findIndex(
      (other) => (word.length === 1 && other.startsWith(word)) || (other.length === 1 && word.startsWith(other)),
    );
    if (initial >= 0) {
      unused.splice(initial, 1);
      matched += 0.5;
    }
  }
  return Math.round((200 * matched) / (given.length + held.length));
}

/** Below this the admin is told the names differ. */
export const NAME_MATCH_WARNING = 70;
