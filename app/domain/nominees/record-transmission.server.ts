import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { requestApproval } from "~/domain/approvals/four-eyes.server";
import { Decimal, formatINR } from "~/lib/money";
import { isUuid } from "~/lib/uuid";
import { runTransaction, type PrismaClient } from "~/services/db.server";
import { TransmissionError } from "./transmission-error";

/**
 * The first admin records a transmission: the death certificate's reference and, for each
 * nominee on record, the nominee's own Aangan account (approved KYC). It waits for a second
 * admin (money_approvals kind 'transmission', ADR 0066); nothing moves yet.
 */
export async function recordTransmission(
  db: PrismaClient,
  input: { adminId: string; deceasedId: string; deathCertificateReference: string; accountEmails: string[] },
): Promise<{ transmissionId: string; approvalId: string }> {
  const reference = input.deathCertificateReference.trim();
  if (reference.length < 3 || reference.length > 200) {
    throw new TransmissionError(
      "certificate_reference",
      "Enter the death certificate's reference (3 to 200 characters).",
      400,
      "certificate",
    );
  }
  const deceased = isUuid(input.deceasedId)
    ? await db.userProfile.findUnique({
        where: { id: input.deceasedId },
        select: {
          id: true,
          email: true,
          fullName: true,
          frozenAt: true,
          wallet: true,
          nomination: { include: { nominees: { orderBy: { position: "asc" } } } },
        },
      })
    : null;
  if (!deceased) throw new TransmissionError("user_not_found", "User not found.", 404);
  if (deceased.frozenAt) throw new TransmissionError("already_transmitted", "This account was already transmitted and is frozen.", 409);
  const nominees = deceased.nomination && !deceased.nomination.optedOut ? deceased.nomination.nominees : [];
  if (nominees.length === 0)
    throw new TransmissionError(
      "no_nominees",
      "This investor named no nominees; transmission needs a court's succession order instead.",
      409,
    );
  if (input.accountEmails.length !== nominees.length) {
    throw new TransmissionError("accounts_missing", "Choose an Aangan account for every nominee.", 400, "accounts");
  }
  const emails = input.accountEmails.map((e) => e.trim().toLowerCase());
  const accounts = await db.userProfile.findMany({
    where: { email: { in: emails } },
    select: { id: true, email: true, kycStatus: true, frozenAt: true },
  });
  const recipients = emails.map((email, i) => {
    const account = accounts.find((a) => a.email.toLowerCase() === email);
    const nominee = nominees[i]!;
    if (!account)
      throw new TransmissionError(
        "nominee_account_missing",
        `No Aangan account uses ${email || "that address"} (for ${nominee.fullName}).`,
        400,
        "accounts",
      );
    if (account.id === deceased.id || account.frozenAt)
      throw new TransmissionError("nominee_account_invalid", `${email} cannot receive a transmission.`, 400, "accounts");
    if (account.kycStatus !== "approved") {
      throw new TransmissionError(
        "nominee_kyc",
        `${nominee.fullName}'s account (${email}) needs approved KYC before a transmission.`,
        409,
        "accounts",
      );
    }
    return { userId: account.id, sharePercent: nominee.sharePercent };
  });
  if (new Set(recipients.map((r) => r.userId)).size !== recipients.length) {
    throw new TransmissionError("nominee_account_repeated", "Each nominee needs their own Aangan account.", 400, "accounts");
  }
  const amount = deceased.wallet?.availableBalance ?? new Decimal(0);
  let transmissionId: string;
  try {
    transmissionId = await runTransaction(db, "transmission.record", async (tx) => {
      const row = await tx.transmission.create({
        data: {
          deceasedId: deceased.id,
          deathCertificateReference: reference,
          recordedBy: input.adminId,
          recipients: { create: recipients },
        },
        select: { id: true },
      });
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: "transmission.record",
        targetType: "user",
        targetId: deceased.id,
        after: {
          transmissionId: row.id,
          deathCertificateReference: reference,
          recipients: recipients.map((r) => ({ ...r, sharePercent: r.sharePercent.toFixed(2) })),
        },
        note: `Transmission of ${deceased.email}'s holdings to ${recipients.length} nominee(s) recorded; awaiting a second admin`,
      });
      return row.id;
    });
  } catch (error) {
    if (error && typeof error === "object" && "code" in error && error.code === "P2002") {
      throw new TransmissionError("transmission_exists", "A transmission for this investor is already awaiting approval or done.", 409);
    }
    throw error;
  }
  const approvalId = await requestApproval(db, {
    kind: "transmission",
    targetId: transmissionId,
    amount: amount.toFixed(2),
    summary: `Transmission of ${deceased.fullName ?? deceased.email}'s holdings and wallet (${formatINR(amount, { paise: true })}) to ${recipients.length} nominee(s)`,
    payload: {},
    adminId: input.adminId,
  });
  return { transmissionId, approvalId };
}
