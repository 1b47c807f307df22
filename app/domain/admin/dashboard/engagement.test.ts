import { describe, expect, it } from "vitest";
import { engagementBadge, engagementScore } from "./engagement";

describe("engagement score and badge", () => {
  it("weighs watchlist entries 10 and notes 20, capped at 100", () => {
    expect(engagementScore(0, 0)).toBe(0);
    expect(engagementScore(1, 0)).toBe(10);
    expect(engagementScore(1, 1)).toBe(30);
    expect(engagementScore(5, 2)).toBe(90);
    expect(engagementScore(5, 3)).toBe(100);
    expect(engagementScore(20, 20)).toBe(100);
  });

  it("is High from 50, Medium from 20, else Low", () => {
    expect(engagementBadge(100)).toBe("High");
    expect(engagementBadge(50)).toBe("High");
    expect(engagementBadge(49)).toBe("Medium");
    expect(engagementBadge(20)).toBe("Medium");
    expect(engagementBadge(19)).toBe("Low");
    expect(engagementBadge(0)).toBe("Low");
  });
});
