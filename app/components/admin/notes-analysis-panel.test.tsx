import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { appealBand, type NotesAnalysisResult } from "~/domain/notes-analysis/result-schema";
import { analyserLabel, NotesAnalysisResultView } from "./notes-analysis-panel";

const result = (score: number, overrides: Partial<NotesAnalysisResult> = {}): NotesAnalysisResult => ({
  property_id: "p-1",
  property_name: "Test Towers",
  total_notes: 2,
  overall_sentiment: "mixed",
  sentiment_score: 0.1,
  confidence: 0.5,
  key_themes: ["location"],
  common_concerns: [],
  positive_highlights: [],
  improvement_suggestions: [],
  user_behavior_insights: [],
  marketing_recommendations: [],
  investment_appeal: { score, reasoning: "Because." },
  summary: "Two notes.",
  analyzed_at: "2026-11-22T10:00:00.000Z",
  ...overrides,
});

describe("the notes analysis result", () => {
  it("bands the investment appeal at 8, 6 and 4", () => {
    expect([10, 8, 7, 6, 5, 4, 3, 1].map(appealBand)).toEqual(["excellent", "excellent", "good", "good", "fair", "fair", "poor", "poor"]);
    expect(renderToStaticMarkup(<NotesAnalysisResultView result={result(8)} />)).toContain('data-appeal-band="excellent"');
    expect(renderToStaticMarkup(<NotesAnalysisResultView result={result(3)} />)).toContain("Investment appeal 3/10 · Poor");
  });

  it("shows what a note or a model wrote as text, never as HTML", () => {
    const attack = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const html = renderToStaticMarkup(
      <NotesAnalysisResultView result={result(6, { summary: attack, common_concerns: [attack], key_themes: [attack] })} />,
    );
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("names the analyser", () => {
    expect(analyserLabel("offline")).toBe("Offline analysis");
    expect(analyserLabel("model:gpt-4o-mini")).toBe("AI model gpt-4o-mini");
  });
});
