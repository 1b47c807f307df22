/**
 * A small supplementary lexicon for Hinglish (Hindi written in Latin letters), which the
 * English model scores as neutral. Weights are on the model's −1..1 scale and were chosen by
 * hand for the words Indian investors commonly write in notes; spellings vary, so common
 * variants are listed. Kept deliberately short: it nudges a sentence, it is not a Hindi model.
 */
export const HINGLISH_SENTIMENT: Readonly<Record<string, number>> = {
  accha: 0.6,
  acha: 0.6,
  achha: 0.6,
  achcha: 0.6,
  badiya: 0.7,
  badhiya: 0.7,
  badia: 0.7,
  mast: 0.6,
  zabardast: 0.8,
  shandaar: 0.8,
  sahi: 0.4,
  sasta: 0.3,
  faydemand: 0.6,
  pasand: 0.5,
  bekaar: -0.7,
  bekar: -0.7,
  mehenga: -0.5,
  mehnga: -0.5,
  mahanga: -0.5,
  dikkat: -0.5,
  dikkatein: -0.5,
  pareshani: -0.6,
  kharab: -0.7,
  kharaab: -0.7,
  bura: -0.6,
  ghatiya: -0.8,
  nuksaan: -0.6,
  nuksan: -0.6,
  jokhim: -0.4,
  darr: -0.4,
};

/** Words that negate what follows ("accha nahi" = not good); flips the hit next to them. */
export const HINGLISH_NEGATIONS: ReadonlySet<string> = new Set(["nahi", "nahin", "na", "mat"]);

/** Hindi function words the English stop-word list misses; never themes, and a sign a note is Hinglish (so no word that is also English). */
export const HINGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  "hai",
  "hain",
  "tha",
  "thi",
  "ho",
  "hoga",
  "hogi",
  "bahut",
  "bohot",
  "bahot",
  "nahi",
  "nahin",
  "ka",
  "ki",
  "ke",
  "ko",
  "se",
  "mein",
  "aur",
  "bhi",
  "lekin",
  "toh",
  "yeh",
  "ye",
  "woh",
  "wo",
  "kya",
  "bhai",
  "yaar",
  "thoda",
  "zyada",
  "ekdum",
  "abhi",
  "kuch",
  "sab",
  "mera",
  "meri",
  "apna",
  "liye",
  "wala",
  "wali",
  "raha",
  "rahi",
  "rahe",
  "gaya",
  "lagta",
  "lagti",
  "karna",
  "kar",
  "dekh",
  "dekhna",
  "ji",
]);

/**
 * The lexicon's view of one sentence's words: the mean weight of the Hinglish words in it
 * (a negation just before a word flips it), or null when it has none.
 */
export function hinglishSentiment(words: readonly string[]): number | null {
  let total = 0;
  let hits = 0;
  words.forEach((word, index) => {
    const weight = HINGLISH_SENTIMENT[word];
    if (weight === undefined) return;
    // Hindi puts the negation after the word ("accha nahi"); English-style before also occurs.
    const negated = HINGLISH_NEGATIONS.has(words[index + 1] ?? "") || HINGLISH_NEGATIONS.has(words[index - 1] ?? "");
    total += negated ? -weight : weight;
    hits += 1;
  });
  return hits === 0 ? null : total / hits;
}
