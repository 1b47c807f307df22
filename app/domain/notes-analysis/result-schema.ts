import { z } from "zod";

/**
 * The analysis result of spec 001 §3, validated before it is stored or shown, whoever
 * produced it. Lists and texts are bounded so a runaway answer cannot flood the page.
 */
const line = z.string().trim().min(1).max(400);
const lines = z.array(line).max(10);

/** What an analyser writes: the judgement, without the facts we already know. */
export const analysisBodySchema = z.object({
  overall_sentiment: z.enum(["positive", "negative", "neutral", "mixed"]),
  sentiment_score: z.number().min(-1).max(1),
  confidence: z.number().min(0).max(1),
  key_themes: lines,
  common_concerns: lines,
  positive_highlights: lines,
  improvement_suggestions: lines,
  user_behavior_insights: lines,
  marketing_recommendations: lines,
  investment_appeal: z.object({
    score: z.number().int().min(1).max(10),
    reasoning: z.string().trim().min(1).max(1000),
  }),
  summary: z.string().trim().min(1).max(2000),
});

/** The stored and shown result: the body plus the facts we fill in ourselves. */
export const notesAnalysisResultSchema = analysisBodySchema.extend({
  property_id: z.string().min(1),
  property_name: z.string().min(1),
  total_notes: z.number().int().min(1),
  analyzed_at: z.iso.datetime({ offset: true }),
});

export type AnalysisBody = z.infer<typeof analysisBodySchema>;
export type NotesAnalysisResult = z.infer<typeof notesAnalysisResultSchema>;

/** The spec's colour bands for the investment appeal: 8 and up, 6, 4, below 4. */
export type AppealBand = "excellent" | "good" | "fair" | "poor";
export function appealBand(score: number): AppealBand {
  if (score >= 8) return "excellent";
  if (score >= 6) return "good";
  if (score >= 4) return "fair";
  return "poor";
}

export const NO_NOTES_MESSAGE = "No notes found for this property. Users need to add notes before analysis can be performed.";
