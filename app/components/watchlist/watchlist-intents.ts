/** The `intent` values the watchlist forms send to /watchlist. */
export const WATCHLIST_INTENTS = { save: "save", remove: "remove", notes: "notes" } as const;
export const NOTES_LIMIT = 500;
