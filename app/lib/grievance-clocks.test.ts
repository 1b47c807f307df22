import { describe, expect, it } from "vitest";
import { grievanceClocks, missedOpenClocks } from "./grievance-clocks";

const raised = new Date("2026-12-01T10:00:00Z");
const at = (iso: string) => new Date(iso);
const states = (clocks: ReturnType<typeof grievanceClocks>) => Object.fromEntries(clocks.map((c) => [c.clock, c.state]));

describe("grievanceClocks", () => {
  it("dues 24 hours, 15 days and 21 days after the grievance is raised", () => {
    const clocks = grievanceClocks({ createdAt: raised, acknowledgedAt: null, resolvedAt: null }, raised);
    expect(clocks.map((c) => [c.clock, c.dueAt.toISOString()])).toEqual([
      ["acknowledge", "2026-12-02T10:00:00.000Z"],
      ["resolve", "2026-12-16T10:00:00.000Z"],
      ["scores", "2026-12-22T10:00:00.000Z"],
    ]);
    expect(states(clocks)).toEqual({ acknowledge: "running", resolve: "running", scores: "running" });
  });

  it("is met at exactly the due time and missed one millisecond after", () => {
    const onTime = grievanceClocks(
      { createdAt: raised, acknowledgedAt: at("2026-12-02T10:00:00Z"), resolvedAt: null },
      at("2026-12-05T00:00:00Z"),
    );
    expect(states(onTime).acknowledge).toBe("met");
    expect(states(grievanceClocks({ createdAt: raised, acknowledgedAt: null, resolvedAt: null }, at("2026-12-02T10:00:00.001Z")))).toEqual({
      acknowledge: "missed",
      resolve: "running",
      scores: "running",
    });
  });

  it("counts a late acknowledgement as missed but done, so it is not escalated again", () => {
    const times = { createdAt: raised, acknowledgedAt: at("2026-12-03T09:00:00Z"), resolvedAt: null };
    expect(states(grievanceClocks(times, at("2026-12-04T00:00:00Z"))).acknowledge).toBe("missed");
    expect(missedOpenClocks(times, at("2026-12-04T00:00:00Z"))).toEqual([]);
  });

  it("stops every clock when resolved; resolving also acknowledges", () => {
    const times = { createdAt: raised, acknowledgedAt: null, resolvedAt: at("2026-12-01T20:00:00Z") };
    expect(states(grievanceClocks(times, at("2027-01-30T00:00:00Z")))).toEqual({ acknowledge: "met", resolve: "met", scores: "met" });
  });

  it("lists every undone clock past its due time", () => {
    const times = { createdAt: raised, acknowledgedAt: null, resolvedAt: null };
    expect(missedOpenClocks(times, at("2026-12-17T00:00:00Z"))).toEqual(["acknowledge", "resolve"]);
    expect(missedOpenClocks(times, at("2026-12-23T00:00:00Z"))).toEqual(["acknowledge", "resolve", "scores"]);
    const acknowledged = { ...times, acknowledgedAt: at("2026-12-01T11:00:00Z") };
    expect(missedOpenClocks(acknowledged, at("2026-12-23T00:00:00Z"))).toEqual(["resolve", "scores"]);
  });
});
