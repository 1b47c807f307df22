import { describe, expect, it } from "vitest";
import { mayUseNotes, notesLockedReason, type NotesViewer } from "./notes-access";

const TIERS: NotesViewer["tier"][] = ["explorer", "waitlist_player", "investor", "small_investor", "large_investor"];

describe("mayUseNotes", () => {
  it.each(TIERS.map((tier) => [tier, tier === "waitlist_player" || tier === "small_investor" || tier === "large_investor"] as const))(
    "tier %s without override: %s",
    (tier, allowed) => expect(mayUseNotes({ tier, tierOverrideByAdmin: false, isAdmin: false })).toBe(allowed),
  );
  it.each(TIERS.map((tier) => [tier, tier === "small_investor" || tier === "large_investor"] as const))(
    "tier %s set by an admin: %s",
    (tier, allowed) => expect(mayUseNotes({ tier, tierOverrideByAdmin: true, isAdmin: false })).toBe(allowed),
  );
  it.each(TIERS)("an admin of tier %s always may", (tier) => {
    expect(mayUseNotes({ tier, tierOverrideByAdmin: false, isAdmin: true })).toBe(true);
    expect(mayUseNotes({ tier, tierOverrideByAdmin: true, isAdmin: true })).toBe(true);
  });
  it("tells a locked-out viewer why, in the spec's words", () => {
    expect(notesLockedReason({ tier: "explorer", tierOverrideByAdmin: false, isAdmin: false })).toMatch(
      /^Notes feature requires waitlist player tier or higher/,
    );
    expect(notesLockedReason({ tier: "large_investor", tierOverrideByAdmin: false, isAdmin: false })).toBeNull();
  });
});
