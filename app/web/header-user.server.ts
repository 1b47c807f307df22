import { greetingName } from "~/lib/greeting";
import { getRequestUser as getSessionUser } from "~/web/session.server";
import { type Tier } from "~/lib/enums";

/** What the header needs to know about the signed-in visitor (null when signed out). */
export type HeaderUser = {
  displayName: string;
  initial: string;
  tier: Tier;
  isAdmin: boolean;
  subscriptionActive: boolean;
  email: string;
};

/** The signed-in visitor as the header shows them; a bad or expired cookie reads as signed out. */
export async function getHeaderUser(request: Request): Promise<HeaderUser | null> {
  const user = await getSessionUser(request);
  if (!user) return null;
  const displayName = greetingName(user);
  return {
    displayName,
    initial: displayName.charAt(0).toUpperCase() || "I",
    tier: user.tier,
    isAdmin: user.isAdmin,
    subscriptionActive: user.subscriptionActive,
    email: user.email,
  };
}
