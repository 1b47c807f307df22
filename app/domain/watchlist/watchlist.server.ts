import { DomainError } from "~/domain/errors";
import { isUniqueViolation, type Db } from "~/services/db.server";
import { mayUseNotes, NOTES_LOCKED_MESSAGE, NOTES_MAX_LENGTH, type NotesViewer } from "./notes-access";

export type WatchlistUser = NotesViewer & { id: string };

/** Empty or blank notes are no notes; longer than 500 characters is refused. */
function cleanNotes(viewer: WatchlistUser, notes: string | null | undefined): string | null {
  const text = notes?.trim() ?? "";
  if (text === "") return null;
  if (!mayUseNotes(viewer)) throw new DomainError("NOTES_LOCKED", NOTES_LOCKED_MESSAGE, 403, "notes");
  // Counted in characters as the browser's counter counts them (code points).
  if (Array.from(text).length > NOTES_MAX_LENGTH) {
    throw new DomainError("NOTES_TOO_LONG", `Notes can be at most ${NOTES_MAX_LENGTH} characters`, 400, "notes");
  }
  return text;
}

/** Saves a property to the user's watchlist, with notes when their tier allows them. */
export async function addToWatchlist(db: Db, user: WatchlistUser, input: { propertyId: string; notes?: string | null }): Promise<void> {
  const notes = cleanNotes(user, input.notes);
  const property = await db.property.findFirst({
    where: { id: input.propertyId, propertyStatus: { not: "draft" } },
    select: { id: true },
  });
  if (!property) throw new DomainError("PROPERTY_NOT_FOUND", "Failed to add to watchlist", 404);
  try {
    await db.watchlistEntry.create({ data: { userId: user.id, propertyId: property.id, notes } });
  } catch (error) {
    // The UNIQUE (user_id, property_id) constraint decides a double save, even a simultaneous one.
    if (isUniqueViolation(error)) throw new DomainError("WATCHLIST_DUPLICATE", "Property already in watchlist", 409);
    throw error;
  }
}

/** Removes a property from the user's watchlist; true when there was something to remove. */
export async function removeFromWatchlist(db: Db, userId: string, propertyId: string): Promise<boolean> {
  const { count } = await db.watchlistEntry.deleteMany({ where: { userId, propertyId } });
  return count > 0;
}

/** Replaces the notes on one of the user's watchlist entries. */
export async function updateWatchlistNotes(db: Db, user: WatchlistUser, input: { propertyId: string; notes: string }): Promise<void> {
  if (!mayUseNotes(user)) throw new DomainError("NOTES_LOCKED", NOTES_LOCKED_MESSAGE, 403, "notes");
  const notes = cleanNotes(user, input.notes);
  const { count } = await db.watchlistEntry.updateMany({ where: { userId: user.id, propertyId: input.propertyId }, data: { notes } });
  if (count === 0) throw new DomainError("WATCHLIST_ENTRY_MISSING", "Failed to update notes", 404);
}

/** Which of `propertyIds` the user has saved. */
export async function savedPropertyIds(db: Db, userId: string, propertyIds: readonly string[]): Promise<string[]> {
  if (propertyIds.length === 0) return [];
  const rows = await db.watchlistEntry.findMany({ where: { userId, propertyId: { in: [...propertyIds] } }, select: { propertyId: true } });
  return rows.map((row) => row.propertyId);
}
