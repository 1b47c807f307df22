import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { removePriceAlert, saveAlertPreferences, setPriceAlert } from "~/domain/alert-rules/alert-preferences.server";
import { parseMovePercent, PRICE_ALERT_RULES } from "~/domain/alert-rules/preference-rules";
import { paths } from "~/lib/paths";
import { rupeeField } from "~/lib/rupee-field";
import { getPrisma } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { requireDashboardUser } from "~/web/guards.server";
import { replyToInvalidSubmission } from "~/web/submission-reply.server";

export const ALERT_SETTING_INTENTS = { choices: "alert-choices", price: "price-alert", removePrice: "remove-price-alert" } as const;
const INTENTS: string[] = Object.values(ALERT_SETTING_INTENTS);

export function isAlertSettingsCommand(form: FormData): boolean {
  return INTENTS.includes(String(form.get("intent") ?? ""));
}

const on = z.literal("on").optional();
const propertyId = z.string({ error: "Choose a watched property." }).min(1, "Choose a watched property.").max(100);
const settingsSchema = z.discriminatedUnion(
  "intent",
  [
    z
      .object({
        intent: z.literal(ALERT_SETTING_INTENTS.choices),
        navMove: on,
        navMovePercent: z.string().default(""),
        distributionChanges: on,
        statusLabelChanges: on,
      })
      .transform((form, ctx) => {
        let navMovePercent = null;
        if (form.navMove === "on") {
          const parsed = parseMovePercent(form.navMovePercent);
          if (!parsed.ok) {
            ctx.addIssue({ code: "custom", path: ["navMovePercent"], message: parsed.message });
            return z.NEVER;
          }
          navMovePercent = parsed.value;
        }
        return {
          intent: form.intent,
          navMovePercent,
          distributionChanges: form.distributionChanges === "on",
          statusLabelChanges: form.statusLabelChanges === "on",
        };
      }),
    z.object({ intent: z.literal(ALERT_SETTING_INTENTS.price), propertyId, belowPrice: rupeeField(PRICE_ALERT_RULES) }),
    z.object({ intent: z.literal(ALERT_SETTING_INTENTS.removePrice), propertyId }),
  ],
  { error: "This form could not be processed. Please reload the page." },
);

/**
 * The alert settings' forms on /dashboard/notifications (ADR 0070): the investor's choices, and a
 * watched property's price or its removal. A refusal answers 400 (404 for a property not watched)
 * with the message on its field and writes nothing.
 */
export async function handleAlertSettings(request: Request, form: FormData) {
  const user = await requireDashboardUser(request);
  const submission = parseWithZod(form, { schema: settingsSchema });
  const priceFor = String(form.get("propertyId") ?? "") || null;
  if (submission.status !== "success") return replyToInvalidSubmission(submission, { priceFor });
  const command = submission.value;
  const back = paths.dashboard.notifications();
  const db = getPrisma();
  try {
    if (command.intent === ALERT_SETTING_INTENTS.choices) {
      await saveAlertPreferences(db, user.id, command);
      return redirectWithToast(back, { kind: "success", title: "Alert settings saved" });
    }
    if (command.intent === ALERT_SETTING_INTENTS.price) {
      await setPriceAlert(db, user.id, command.propertyId, command.belowPrice);
      return redirectWithToast(back, { kind: "success", title: "Price alert set" });
    }
    await removePriceAlert(db, user.id, command.propertyId);
    return redirectWithToast(back, { kind: "success", title: "Price alert removed" });
  } catch (error) {
    return replyToDomainError(error, submission, { extra: { priceFor } });
  }
}
