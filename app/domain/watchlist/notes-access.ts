import { type Tier } from "~/lib/enums";
/** Who may write watchlist notes (000 §5 and §6). */
export type NotesViewer = {
  tier: Tier;
  tierOverrideByAdmin: boolean;
  isAdmin: boolean;
};

export const NOTES_MAX_LENGTH = 500;
export const NOTES_LOCKED_MESSAGE = "Notes feature requires waitlist player tier or higher";

const NOTE_TIERS: ReadonlySet<NotesViewer["tier"]> = new Set(["waitlist_player", "small_investor", "large_investor"]);
// A tier an admin set by hand counts only when it is an investor tier.
const OVERRIDDEN_NOTE_TIERS: ReadonlySet<NotesViewer["tier"]> = new Set(["small_investor", "large_investor"]);

export function mayUseNotes(viewer: NotesViewer): boolean {
  if (viewer.isAdmin) return true;
  return (viewer.tierOverrideByAdmin ? OVERRIDDEN_NOTE_TIERS : NOTE_TIERS).has(viewer.tier);
}

/** Why the notes editor is locked for someone who may not use it. */
export function notesLockedReason(viewer: NotesViewer): string | null {
  if (mayUseNotes(viewer)) return null;
  if (viewer.tierOverrideByAdmin) return `${NOTES_LOCKED_MESSAGE}. A tier set by an admin needs small or large investor for notes.`;
  return `${NOTES_LOCKED_MESSAGE}. Subscribe to unlock private notes on the properties you watch.`;
}
