import type { ItemSentence, ItemToken, WinkMethods } from "wink-nlp";
import type { NotesAnalyser, NotesAnalysisInput } from "./analyser";
import { HINGLISH_STOP_WORDS, HINGLISH_SENTIMENT, hinglishSentiment } from "./hinglish-lexicon";
import type { AnalysisBody } from "./result-schema";

export const OFFLINE_METHOD =
  "Offline analysis (no AI model): wink-nlp English sentiment per sentence plus a small Hinglish lexicon, themes by frequency of lemmas without stop words.";

/** A sentence counts as positive or negative beyond this score. */
const POLARITY = 0.05;
const THEME_POS = new Set(["NOUN", "PROPN", "ADJ"]);
// Words that say how someone feels rather than what about; they never make a theme.
const FEELING_WORDS = new Set(["good", "great", "bad", "love", "like", "nice", "best", "worst", "happy", "sure", "high", "low"]);

type ScoredSentence = { text: string; score: number; terms: string[]; nouns: string[] };
type ScoredNote = { score: number; sentences: ScoredSentence[]; terms: Set<string>; hasEmoji: boolean; hinglish: boolean };

let nlp: Promise<WinkMethods> | undefined;
/** Loaded on first use, not at start-up: the model is a few MB that most processes never need. */
function language(): Promise<WinkMethods> {
  nlp ??= Promise.all([import("wink-nlp"), import("wink-eng-lite-web-model")]).then(([wink, model]) => wink.default(model.default));
  return nlp;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round2 = (value: number) => Math.round(value * 100) / 100;
const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);
const quote = (text: string) => (text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text);

function scoreNote(nlp: WinkMethods, text: string): ScoredNote {
  const { its } = nlp;
  const doc = nlp.readDoc(text);
  const sentences: ScoredSentence[] = [];
  const terms = new Set<string>();
  let hinglish = false;
  doc.sentences().each((sentence: ItemSentence) => {
    const words: string[] = [];
    const sentenceTerms: string[] = [];
    const nouns: string[] = [];
    sentence.tokens().each((token: ItemToken) => {
      const type = token.out(its.type);
      if (type !== "word") return;
      const normal = token.out(its.normal).toLowerCase();
      words.push(normal);
      if (normal in HINGLISH_SENTIMENT || HINGLISH_STOP_WORDS.has(normal)) {
        hinglish = true;
        return;
      }
      if (token.out(its.stopWordFlag)) return;
      // The typings declare its.lemma with the wrong parameter list; at run time it is a token helper.
      const lemma = token.out(its.lemma as unknown as typeof its.normal).toLowerCase();
      if (lemma.length < 3 || FEELING_WORDS.has(lemma) || !THEME_POS.has(token.out(its.pos))) return;
      sentenceTerms.push(lemma);
      if (token.out(its.pos) !== "ADJ") nouns.push(lemma);
    });
    const english = sentence.out(its.sentiment) as number;
    const hindi = hinglishSentiment(words);
    const score = hindi === null ? english : english === 0 ? hindi : (english + hindi) / 2;
    sentenceTerms.forEach((term) => terms.add(term));
    sentences.push({ text: sentence.out().trim(), score: clamp(score, -1, 1), terms: sentenceTerms, nouns });
  });
  const hasEmoji =
    doc
      .tokens()
      .filter((token) => token.out(its.type) === "emoji")
      .length() > 0;
  return { score: mean(sentences.map((sentence) => sentence.score)), sentences, terms, hasEmoji, hinglish };
}

/** Terms by the number of notes that mention them, then alphabetically. */
function rankTerms(notes: readonly ScoredNote[]): Array<{ term: string; notes: number }> {
  const counts = new Map<string, number>();
  for (const note of notes) for (const term of note.terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return [...counts.entries()]
    .map(([term, count]) => ({ term, notes: count }))
    .sort((a, b) => b.notes - a.notes || a.term.localeCompare(b.term));
}

/** The terms most sentences of a group mention, ties broken alphabetically. */
function topTerms(sentences: readonly ScoredSentence[], limit: number): string[] {
  const counts = new Map<string, number>();
  // Nouns name what a sentence is about ("maintenance", "access"), adjectives rarely do.
  for (const sentence of sentences) for (const term of new Set(sentence.nouns)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([term]) => term);
}

function overallSentiment(scores: readonly number[]): AnalysisBody["overall_sentiment"] {
  const positive = scores.filter((score) => score > POLARITY).length / scores.length;
  const negative = scores.filter((score) => score < -POLARITY).length / scores.length;
  if (positive >= 0.3 && negative >= 0.3) return "mixed";
  const average = mean(scores);
  if (average > 0.1) return "positive";
  if (average < -0.1) return "negative";
  return "neutral";
}

/** The whole analysis from the notes' text alone: deterministic and free of any network. */
export async function analyseNotesOffline(input: NotesAnalysisInput): Promise<AnalysisBody> {
  const nlp = await language();
  const notes = input.notes.map((text) => scoreNote(nlp, text));
  const scores = notes.map((note) => note.score);
  const average = round2(clamp(mean(scores), -1, 1));
  const sentiment = overallSentiment(scores);
  const positiveCount = scores.filter((score) => score > POLARITY).length;
  const negativeCount = scores.filter((score) => score < -POLARITY).length;
  const neutralCount = notes.length - positiveCount - negativeCount;
  const agreement = Math.max(positiveCount, negativeCount, neutralCount) / notes.length;
  const confidence = round2(clamp(Math.min(0.9, 0.3 + 0.08 * notes.length) * (0.5 + agreement / 2), 0.1, 0.95));

  const ranked = rankTerms(notes);
  const minimumNotes = notes.length >= 4 ? 2 : 1;
  const themes = ranked.filter((entry) => entry.notes >= minimumNotes).slice(0, 6);
  const sentences = notes.flatMap((note) => note.sentences);
  const worst = sentences.filter((s) => s.score < -POLARITY).sort((a, b) => a.score - b.score);
  const best = sentences.filter((s) => s.score > POLARITY).sort((a, b) => b.score - a.score);
  const concernTerms = topTerms(worst, 3);
  const praisedTerms = topTerms(best, 3);

  const improvement = concernTerms.length
    ? concernTerms.map((term) => `Answer the worries about "${term}" with facts in the listing and documents.`)
    : ["No recurring concern stands out; keep documents and updates current so it stays that way."];
  const marketing = praisedTerms.length
    ? praisedTerms.map((term) => `Lead with "${term}", which investors praise in their notes.`)
    : ["Notes praise nothing specific yet; collect feedback before shaping the pitch."];
  if (concernTerms[0]) marketing.push(`Answer questions about "${concernTerms[0]}" up front to reduce hesitation.`);

  const behaviour = [
    `${positiveCount} of ${notes.length} notes are positive, ${negativeCount} negative, ${neutralCount} neutral.`,
    `Notes average ${Math.round(mean(input.notes.map((text) => text.split(/\s+/).filter(Boolean).length)))} words.`,
  ];
  const withNumbers = input.notes.filter((text) => /\d/.test(text)).length;
  const notesCount = (count: number) => `${count} ${count === 1 ? "note" : "notes"}`;
  if (withNumbers) behaviour.push(`${notesCount(withNumbers)} mention figures (prices, returns or amounts).`);
  const hinglishCount = notes.filter((note) => note.hinglish).length;
  if (hinglishCount) behaviour.push(`${notesCount(hinglishCount)} ${hinglishCount === 1 ? "is" : "are"} written partly in Hinglish.`);
  const emojiCount = notes.filter((note) => note.hasEmoji).length;
  if (emojiCount) behaviour.push(`${notesCount(emojiCount)} ${emojiCount === 1 ? "uses" : "use"} emoji.`);

  const appeal = clamp(Math.round(5.5 + 4.5 * average), 1, 10);
  const themeList = themes.map((entry) => entry.term);
  return {
    overall_sentiment: sentiment,
    sentiment_score: average,
    confidence,
    key_themes: themeList,
    common_concerns: worst.slice(0, 3).map((s) => quote(s.text)),
    positive_highlights: best.slice(0, 3).map((s) => quote(s.text)),
    improvement_suggestions: improvement,
    user_behavior_insights: behaviour,
    marketing_recommendations: marketing,
    investment_appeal: {
      score: appeal,
      reasoning: `Average note sentiment ${average.toFixed(2)} on a −1 to 1 scale across ${notes.length} notes (${positiveCount} positive, ${negativeCount} negative), mapped to 1–10.`,
    },
    summary:
      `${notes.length} ${notes.length === 1 ? "note" : "notes"} on ${input.propertyName}; overall ${sentiment} (score ${average.toFixed(2)}).` +
      (themeList.length ? ` Most discussed: ${themeList.slice(0, 4).join(", ")}.` : "") +
      (worst[0] ? ` Main concern: "${quote(worst[0].text)}"` : ""),
  };
}

export const offlineNotesAnalyser: NotesAnalyser = {
  name: "offline",
  method: OFFLINE_METHOD,
  analyse: analyseNotesOffline,
};
