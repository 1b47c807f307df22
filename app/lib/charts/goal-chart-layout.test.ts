import { describe, expect, it } from "vitest";
import { layoutGoalChart, type GoalChartPoint } from "./goal-chart-layout";

// The labels are 11 px sans-serif: about 0.6 em a character, a generous width for digits and "mo".
const halfWidth = (label: string) => (label.length * 11 * 0.6) / 2;

describe("layoutGoalChart", () => {
  it("keeps every month label inside the drawing, the last one at the plot's right edge included", () => {
    for (const months of [12, 24, 36, 60, 120]) {
      const points: GoalChartPoint[] = Array.from({ length: months + 1 }, (_, month) => ({
        month,
        contributed: month * 5000,
        low: month * 5000,
        base: month * 5200,
        high: month * 5400,
      }));
      const chart = layoutGoalChart(points, null)!;
      // Five years, the planner's default horizon, ends on a tick at the plot's right edge.
      if (months === 60) expect(chart.xTicks.at(-1)).toEqual({ x: chart.plotRight, label: "60 mo" });
      for (const tick of chart.xTicks) {
        expect(tick.x - halfWidth(tick.label)).toBeGreaterThanOrEqual(0);
        expect(tick.x + halfWidth(tick.label)).toBeLessThanOrEqual(chart.width);
      }
    }
  });
});
