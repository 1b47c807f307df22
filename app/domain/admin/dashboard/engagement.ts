/** The spec's engagement score: min(watchlist × 10 + notes × 20, 100). */
export function engagementScore(watchlistCount: number, notesCount: number): number {
  return Math.min(watchlistCount * 10 + notesCount * 20, 100);
}

export type EngagementBadge = "High" | "Medium" | "Low";

/** High at 50 or more, Medium at 20 or more, else Low. */
export function engagementBadge(score: number): EngagementBadge {
  if (score >= 50) return "High";
  if (score >= 20) return "Medium";
  return "Low";
}
