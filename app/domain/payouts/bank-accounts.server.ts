import { getKycDraft } from "~/domain/kyc/kyc-draft.server";
import { maskToLast4 } from "~/lib/kyc/identity-numbers";
import { runTransaction, type Db, type PrismaClient, type Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { GatewayError, type BankValidation, type PaymentGateway } from "~/services/payments/gateway";
import type { BankAccountStatus, BankAccountView } from "./bank-account-view";
import { nameMatchScore } from "./name-match";

export type { BankAccountStatus, BankAccountView } from "./bank-account-view";

export type NewBankAccount = {
  userId: string;
  accountNumber: string;
  ifsc: string;
  bankName: string;
  accountType: string;
};

/**
 * Bank details entered at KYC step 3 (ADR 0064): registered with the payout provider as a
 * contact and a fund account (the full number goes there, never into our tables), then
 * checked by a penny drop. The answer may come at once, or later by webhook; a provider that
 * cannot be reached leaves the account 'unavailable', so the wizard still moves on and the
 * admin sees that the account was not checked. The new account supersedes the last one.
 */
export async function registerBankAccount(prisma: PrismaClient, gateway: PaymentGateway, input: NewBankAccount): Promise<BankAccountView> {
  const profile = await prisma.userProfile.findUniqueOrThrow({ where: { id: input.userId }, select: { email: true, fullName: true } });
  const draft = await getKycDraft(prisma, input.userId);
  const holderName = (draft.data.personal?.fullName ?? profile.fullName ?? "").trim() || profile.email;

  let ids: { contactId?: string; fundAccountId?: string } = {};
  let validation: BankValidation | null = null;
  let error: string | null = null;
  try {
    const contact = await gateway.createContact({ name: holderName, email: profile.email, referenceId: input.userId });
    ids = { contactId: contact.id };
    const fundAccount = await gateway.createBankFundAccount({
      contactId: contact.id,
      name: holderName,
      ifsc: input.ifsc,
      accountNumber: input.accountNumber,
    });
    ids.fundAccountId = fundAccount.id;
    validation = await gateway.validateFundAccount({ fundAccountId: fundAccount.id, referenceId: input.userId });
  } catch (failure) {
    if (!(failure instanceof GatewayError)) throw failure;
    error = failure.message.slice(0, 300);
    logger.warn({ err: failure, userId: input.userId }, "bank account not checked: the payout provider did not answer");
  }

  return runTransaction(prisma, "payouts.register-bank-account", async (tx) => {
    const now = new Date();
    await tx.$executeRaw`
      UPDATE bank_accounts SET superseded_at = ${now} WHERE user_id = ${input.userId}::uuid AND superseded_at IS NULL`;
    const row = await tx.bankAccount.create({
      data: {
        userId: input.userId,
        holderName,
        maskedNumber: maskToLast4(input.accountNumber),
        ifsc: input.ifsc,
        bankName: input.bankName,
        accountType: input.accountType,
        provider: gateway.name,
        providerContactId: ids.contactId ?? null,
        providerFundAccountId: ids.fundAccountId ?? null,
        validationId: validation?.id ?? null,
        validationStatus: error ? "unavailable" : "pending",
        validationError: error,
        createdAt: now,
      },
    });
    if (validation) await recordValidation(tx, row.id, validation, now);
    return (await readBankAccount(tx, { id: row.id }))!;
  });
}

/** A validation's answer arriving by webhook (fund_account.validation.completed or .failed); safe to repeat. */
export async function applyValidationIn(tx: Tx, provider: string, validation: BankValidation): Promise<"validation_recorded" | "ignored"> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM bank_accounts WHERE provider = ${provider} AND validation_id = ${validation.id} FOR UPDATE`;
  if (!row) return "ignored";
  return (await recordValidation(tx, row.id, validation, new Date())) ? "validation_recorded" : "ignored";
}

/** Writes a finished validation onto a pending account; false when it was already decided or is not finished. */
async function recordValidation(tx: Tx, id: string, validation: BankValidation, now: Date): Promise<boolean> {
  if (validation.status === "created") return false;
  const account = await tx.bankAccount.findUniqueOrThrow({ where: { id }, select: { validationStatus: true, holderName: true } });
  if (account.validationStatus !== "pending") return false;
  const found = validation.status === "completed" && validation.accountStatus === "active" && !!validation.registeredName;
  await tx.bankAccount.update({
    where: { id },
    data: found
      ? {
          validationStatus: "active",
          registeredName: validation.registeredName!.slice(0, 200),
          nameMatchScore: nameMatchScore(account.holderName, validation.registeredName!),
          validatedAt: now,
        }
      : {
          validationStatus: validation.status === "failed" ? "failed" : "invalid",
          validationError: validation.status === "failed" ? "The bank could not be reached for the check" : "The bank has no such account",
        },
  });
  return true;
}

/** The investor's current bank account (the last one entered), or null. */
export function currentBankAccount(db: Db, userId: string): Promise<BankAccountView | null> {
  return readBankAccount(db, { userId, supersededAt: null });
}

async function readBankAccount(db: Db, where: { id?: string; userId?: string; supersededAt?: null }): Promise<BankAccountView | null> {
  const row = await db.bankAccount.findFirst({ where, orderBy: { createdAt: "desc" } });
  if (!row) return null;
  const status = row.validationStatus as BankAccountStatus;
  return {
    id: row.id,
    maskedNumber: row.maskedNumber,
    bankName: row.bankName,
    ifsc: row.ifsc,
    holderName: row.holderName,
    status,
    registeredName: row.registeredName,
    nameMatchScore: row.nameMatchScore,
    validationError: row.validationError,
    validatedAt: row.validatedAt?.toISOString() ?? null,
    verified: status === "active",
  };
}
