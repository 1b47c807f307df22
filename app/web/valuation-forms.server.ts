import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { recordValuation } from "~/domain/valuations/record-valuation.server";
import { setPropertyBalance } from "~/domain/valuations/property-balance.server";
import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { getPrivateStorage } from "~/services/storage/private-storage-from-env.server";
import { asFormPayload, readPropertyForm } from "~/web/admin-property-form.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import type { SessionUser } from "~/web/guards.server";
import { replyToInvalidSubmission } from "~/web/submission-reply.server";

/** Which of the page's two forms a reply belongs to. */
export type ValuationForm = "record" | "balance";

// The values are the domain's to check (the one rupee parser, with its bounds and messages).
const text = z.string().default("");
const valuationSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("record"), valuer: text, valuationDate: text, value: text }),
    z.object({ intent: z.literal("balance"), debts: text, reserves: text }),
  ],
  { error: "This form could not be processed. Please reload the page." },
);

/**
 * The valuations page's forms: record a valuation (with its PDF report, multipart) or set the
 * debts and reserves. Refusals come back to their own form with a 4xx; nothing is written.
 */
export async function submitValuationForm(request: Request, admin: SessionUser, propertyId: string) {
  const { fields, document } = await readPropertyForm(request);
  const form: ValuationForm = fields.intent === "balance" ? "balance" : "record";
  const submission = parseWithZod(asFormPayload(fields), { schema: valuationSchema });
  if (submission.status !== "success") return replyToInvalidSubmission(submission, { form });
  const input = submission.value;
  const back = paths.admin.propertyValuations(propertyId);
  try {
    if (input.intent === "balance") {
      const { changed } = await setPropertyBalance(getPrisma(), { adminId: admin.id, propertyId, ...input });
      return redirectWithToast(
        back,
        changed
          ? { kind: "success", title: "Debts and reserves saved", description: "The NAV per share uses them from now on." }
          : { kind: "info", title: "No changes to save" },
      );
    }
    const outcome = await recordValuation(getPrisma(), getPrivateStorage(), {
      adminId: admin.id,
      propertyId,
      valuer: input.valuer,
      valuationDate: input.valuationDate,
      value: input.value,
      report: document ? { fileName: document.name, body: [document.bytes], tooLarge: document.tooLarge } : null,
    });
    if (outcome.state === "awaiting") {
      return redirectWithToast(back, {
        kind: "info",
        title: "Awaiting a second admin",
        description: `${formatINR(outcome.value, { paise: true })} changes the value by ${outcome.change}, more than 10%: another admin must approve it on the Approvals page.`,
      });
    }
    return redirectWithToast(back, {
      kind: "success",
      title: "Valuation recorded",
      description: `${formatINR(outcome.value, { paise: true })} is now the property's latest valuation.`,
    });
  } catch (error) {
    return replyToDomainError(error, submission, { extra: { form } });
  }
}
