import { recordTransmission } from "~/domain/nominees/record-transmission.server";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";

export const TRANSMISSION_INTENT = "transmission-record";

/** Whether this post to the admin user page is the transmission form (read from a clone; the body stays readable). */
export async function isTransmissionPost(request: Request): Promise<boolean> {
  const form = await readFormData(request.clone());
  return form.get("intent") === TRANSMISSION_INTENT;
}

/** The first admin records a transmission; it waits on /admin/approvals for a second admin. */
export async function submitTransmission(request: Request, admin: SessionUser, userId: string) {
  const form = await readFormData(request);
  const accountEmails = form.getAll("nomineeAccount").map(String);
  try {
    await recordTransmission(getPrisma(), {
      adminId: admin.id,
      deceasedId: userId,
      deathCertificateReference: String(form.get("certificate") ?? ""),
      accountEmails,
    });
  } catch (error) {
    return replyToDomainError(error, null, { extra: { transmissionError: error instanceof Error ? error.message : "" } });
  }
  return redirectWithToast(paths.admin.approvals(), {
    kind: "success",
    title: "Awaiting approval",
    description: "The transmission waits for a second admin on the Approvals page.",
  });
}
