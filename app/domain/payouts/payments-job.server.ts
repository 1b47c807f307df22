import { expirePaymentOrders } from "~/domain/payments/expire-payment-orders.server";
import { previousIndiaDay, reconcileDay } from "~/domain/payments/reconciliation.server";
import { getPrisma } from "~/services/db.server";
import type { JobDefinition } from "~/services/jobs/job.server";
import { logger } from "~/services/logger.server";
import type { PaymentGateway } from "~/services/payments/gateway";
import { sendQueuedPayouts } from "./payouts.server";

export const PAYMENTS_QUEUE = "payments-sweep";

/**
 * The gateway's safety net, on a cron (ADR 0064): payouts an approval queued but did not get
 * to the provider (a crash, an outage) are sent, under the same idempotency key, so the
 * provider pays each once; gateway orders nobody paid are expired.
 */
export function paymentsJob(
  cron: string,
  payouts: () => PaymentGateway | null,
  options: { pollingIntervalSeconds?: number } = {},
): JobDefinition {
  return {
    queue: PAYMENTS_QUEUE,
    queueOptions: { policy: "stately", retryLimit: 2, retryDelay: 30, expireInSeconds: 300 },
    cron,
    worker: { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
    async run(job) {
      const gateway = payouts();
      const counts = {
        payoutsSent: gateway ? await sendQueuedPayouts(getPrisma(), gateway) : 0,
        ...(await expirePaymentOrders(getPrisma())),
      };
      if (counts.payoutsSent || counts.paymentOrders) logger.info({ job: PAYMENTS_QUEUE, jobId: job.id, ...counts }, "payments sweep ran");
      return counts;
    },
  };
}

export const RECONCILIATION_QUEUE = "payments-reconciliation";

/** Reconciles yesterday (India) with the provider every night (ADR 0064); the admin can run any day again. */
export function reconciliationJob(
  cron: string,
  gateway: () => PaymentGateway | null,
  options: { pollingIntervalSeconds?: number } = {},
): JobDefinition {
  return {
    queue: RECONCILIATION_QUEUE,
    queueOptions: { policy: "stately", retryLimit: 3, retryDelay: 300, expireInSeconds: 900 },
    cron,
    worker: { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 },
    async run(job) {
      const provider = gateway();
      if (!provider) return { skipped: true };
      const day = previousIndiaDay();
      const result = await reconcileDay(getPrisma(), provider, day);
      logger.info(
        { job: RECONCILIATION_QUEUE, jobId: job.id, day, differences: result.differences.length, booked: result.booked },
        "reconciliation ran",
      );
      return { day, differences: result.differences.length };
    },
  };
}
