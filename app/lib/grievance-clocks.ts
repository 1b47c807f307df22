/**
 * The clocks a grievance runs on (ADR 0067). Durations are constants: INDIA-RULES states them
 * without doubt, and each names its source. Pure and isomorphic: the pages, the escalation job
 * and the tests read the same answer from the same timestamps.
 */
const HOUR = 60 * 60 * 1000;

export const GRIEVANCE_CLOCKS = [
  { clock: "acknowledge", label: "Acknowledge", hours: 24, source: "IT Rules 2021, rule 3(2): acknowledge within 24 hours" },
  { clock: "resolve", label: "Resolve", hours: 15 * 24, source: "IT Rules 2021, rule 3(2): dispose of within 15 days" },
  { clock: "scores", label: "Final limit (SEBI SCORES)", hours: 21 * 24, source: "SEBI SCORES 2.0 (from 1 April 2024): 21 calendar days" },
] as const;

export type GrievanceClockName = (typeof GRIEVANCE_CLOCKS)[number]["clock"];
export type ClockState = "running" | "met" | "missed";

export type GrievanceTimes = { createdAt: Date; acknowledgedAt: Date | null; resolvedAt: Date | null };

export type GrievanceClock = {
  clock: GrievanceClockName;
  label: string;
  source: string;
  dueAt: Date;
  /** When the clock's duty was done (acknowledged or resolved), if it was. */
  doneAt: Date | null;
  state: ClockState;
};

/** Each clock's due time and state at `now`: met when done by the due time, missed once it passes undone or is done late. */
export function grievanceClocks(times: GrievanceTimes, now: Date): GrievanceClock[] {
  return GRIEVANCE_CLOCKS.map((definition) => {
    const dueAt = new Date(times.createdAt.getTime() + definition.hours * HOUR);
    // Resolving a grievance also answers it, so it stops the acknowledgement clock too.
    const doneAt = definition.clock === "acknowledge" ? earliest(times.acknowledgedAt, times.resolvedAt) : times.resolvedAt;
    const finishedBy = doneAt ?? now;
    const state: ClockState = finishedBy.getTime() > dueAt.getTime() ? "missed" : doneAt ? "met" : "running";
    return { clock: definition.clock, label: definition.label, source: definition.source, dueAt, doneAt, state };
  });
}

/** The clocks missed while their duty is still undone: what the escalation job escalates. */
export function missedOpenClocks(times: GrievanceTimes, now: Date): GrievanceClockName[] {
  return grievanceClocks(times, now)
    .filter((c) => c.state === "missed" && c.doneAt === null)
    .map((c) => c.clock);
}

function earliest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a.getTime() <= b.getTime() ? a : b;
}
