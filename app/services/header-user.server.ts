/** What the header needs to know about the signed-in visitor (null when signed out). */
export type HeaderUser = {
  displayName: string;
  initial: string;
  tier: "explorer" | "waitlist_player" | "investor" | "small_investor" | "large_investor";
  isAdmin: boolean;
  subscriptionActive: boolean;
};

/** Stub until sign-in exists: everyone is signed out. The auth work replaces the body. */
export async function getHeaderUser(_request: Request): Promise<HeaderUser | null> {
  return null;
}
