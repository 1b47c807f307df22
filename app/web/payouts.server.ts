import { registerBankAccount } from "~/domain/payouts/bank-accounts.server";
import { sendPayout } from "~/domain/payouts/payouts.server";
import { bankStepSchema } from "~/lib/kyc/kyc-steps";
import { getPrisma } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { payoutGateway } from "~/services/payments/gateway-config.server";

/** The payout provider's name when withdrawals are paid out automatically (ADR 0064), else undefined. */
export function payoutProvider(): string | undefined {
  return payoutGateway()?.name;
}

/**
 * Sends a payout the request just queued, after the response: the admin does not wait for
 * the provider, and a payout this misses (a crash, an outage) is sent by the payouts job.
 */
export function sendPayoutSoon(payoutId: string | null | undefined): void {
  const gateway = payoutGateway();
  if (!payoutId || !gateway) return;
  setImmediate(() => {
    sendPayout(getPrisma(), gateway, payoutId).catch((error) =>
      logger.warn({ err: error, payoutId }, "payout not sent at once; the payouts job retries it"),
    );
  });
}

/**
 * The bank step's details, registered with the payout provider and penny-dropped (ADR 0064),
 * once the step is saved. Without a payout provider nothing happens (withdrawals stay on the
 * ticket path); a failure is logged and leaves the step saved.
 */
export async function checkBankDetails(userId: string, fields: Record<string, string>): Promise<void> {
  const gateway = payoutGateway();
  const parsed = bankStepSchema.safeParse(fields);
  if (!gateway || !parsed.success) return;
  const { accountNumber, ifscCode, bankName, accountType } = parsed.data;
  try {
    await registerBankAccount(getPrisma(), gateway, { userId, accountNumber, ifsc: ifscCode, bankName, accountType });
  } catch (error) {
    logger.error({ err: error, userId }, "bank details saved but not registered with the payout provider");
  }
}
