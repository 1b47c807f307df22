import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { clearTierOverride, endUserSessions, overrideTier, setSubscription } from "~/domain/admin/users/manage-user.server";
import { requestAdminRightsChange } from "~/domain/approvals/admin-rights.server";
import { AWAITING_APPROVAL } from "~/domain/approvals/four-eyes.server";
import { TIER_LABELS } from "~/domain/tiers/calculate-tier";
import { paths } from "~/lib/paths";
import { safeRedirectTo } from "~/lib/redirect-to";
import { getPrisma } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";
import { isUuid } from "~/lib/uuid";
import { replyToInvalidSubmission } from "~/web/submission-reply.server";

/** Only our own admin pages are followed after an action: never an address from elsewhere. */
function adminUsersPage(value: string): string {
  const path = safeRedirectTo(value, paths.admin.users());
  return path.startsWith(paths.admin.users()) ? path : paths.admin.users();
}

const UNREADABLE = "This form could not be processed. Please reload the page.";
const INTENTS = ["set-tier", "auto-calc", "make-admin", "remove-admin", "activate-sub", "deactivate-sub", "end-sessions"] as const;

// The tier's own rule (which tiers an admin may assign) is the domain's.
const userActionSchema = z.object({
  intent: z.enum(INTENTS, { error: UNREADABLE }),
  userId: z.string({ error: UNREADABLE }).refine(isUuid, { error: UNREADABLE }),
  returnTo: z.string().default(""),
  tier: z.string().default(""),
});

/**
 * The row and details buttons: tier, Auto Calc, admin flag, subscription, end sessions.
 * Success goes back to the page the form came from with a toast; a refusal answers 4xx.
 */
export async function submitUserAction(request: Request, admin: SessionUser) {
  const submission = parseWithZod(await readFormData(request), { schema: userActionSchema });
  if (submission.status !== "success") return replyToInvalidSubmission(submission);
  const { intent, userId, tier: chosenTier } = submission.value;
  const returnTo = adminUsersPage(submission.value.returnTo);
  const db = getPrisma();
  const command = { adminId: admin.id, userId };
  try {
    let title: string;
    switch (intent) {
      case "set-tier": {
        const tier = await overrideTier(db, { ...command, tier: chosenTier });
        title = `Tier set to ${TIER_LABELS[tier]} (Override)`;
        break;
      }
      case "auto-calc": {
        const tier = await clearTierOverride(db, command);
        title = `Override removed: tier is ${TIER_LABELS[tier]}`;
        break;
      }
      case "make-admin":
      case "remove-admin": {
        // Four-eyes (ADR 0049): nothing changes until a second admin approves on /admin/approvals.
        const { summary } = await requestAdminRightsChange(db, { ...command, grant: intent === "make-admin" });
        return redirectWithToast(paths.admin.approvals(), {
          kind: "info",
          title: AWAITING_APPROVAL,
          description: `${summary}: nothing changes until a second admin approves it.`,
        });
      }
      case "activate-sub":
      case "deactivate-sub":
        await setSubscription(db, { ...command, active: intent === "activate-sub" });
        title = intent === "activate-sub" ? "Subscription activated" : "Subscription deactivated";
        break;
      case "end-sessions": {
        const count = await endUserSessions(db, command);
        title = `Signed out everywhere (${count} session${count === 1 ? "" : "s"} ended)`;
        break;
      }
    }
    return redirectWithToast(returnTo, { kind: "success", title });
  } catch (error) {
    // The page heads a refused command with what failed ("Update Failed - …").
    const failed = intent === "auto-calc" ? "Remove Override Failed" : "Update Failed";
    return replyToDomainError(error, submission, { extra: { failed } });
  }
}
