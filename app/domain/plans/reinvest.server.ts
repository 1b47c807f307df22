import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { formatINR } from "~/lib/money";
import type { PlanPropertyType } from "~/lib/plan-form";
import { runTransaction, type Db, type PrismaClient, type Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { buyWholeShares, REASON_TEXT } from "./plan-purchases.server";
import { PlanError, planNotFound } from "./plan-errors";
import { planTargets, type PlanRunLine } from "./plans.server";

const DAY_MS = 86_400_000;
// How far back a sweep looks for rent not yet reinvested: a crash between payment and reinvestment is caught up within it.
const LOOKBACK_DAYS = 7;

export type ReinvestmentChoiceRow = { id: string; propertyId: string | null; propertyTitle: string | null; fallbackPlanId: string | null };

/** Turns reinvestment on for one property (or every holding with null), with a plan's basket or the wallet as fallback. */
export async function turnOnReinvestment(
  prisma: PrismaClient,
  userId: string,
  input: { propertyId: string | null; fallbackPlanId: string | null },
): Promise<void> {
  await prisma.$transaction((tx) => turnOnReinvestmentIn(tx, userId, input));
}

/** The same inside a transaction the caller holds (the demo seed). */
export async function turnOnReinvestmentIn(
  tx: Tx,
  userId: string,
  input: { propertyId: string | null; fallbackPlanId: string | null },
): Promise<void> {
  if (input.propertyId) {
    const held = await tx.userPropertyPosition.findFirst({
      where: { userId, propertyId: input.propertyId, shares: { gt: 0 } },
      select: { shares: true },
    });
    if (!held) throw new PlanError("not_held", "Choose a property you hold, or all holdings.", 400, "reinvestProperty");
  }
  if (input.fallbackPlanId) {
    const plan = await tx.investmentPlan.findFirst({
      where: { id: input.fallbackPlanId, userId, status: { not: "cancelled" } },
      select: { id: true },
    });
    if (!plan)
      throw new PlanError("fallback_not_found", "Choose one of your plans, or the wallet, as the fallback.", 400, "fallbackPlanId");
  }
  await tx.reinvestmentChoice.deleteMany({ where: { userId, propertyId: input.propertyId } });
  await tx.reinvestmentChoice.create({ data: { userId, propertyId: input.propertyId, fallbackPlanId: input.fallbackPlanId } });
}

export async function turnOffReinvestment(db: Db, userId: string, choiceId: string): Promise<void> {
  const removed = await db.reinvestmentChoice.deleteMany({ where: { id: choiceId, userId } });
  if (removed.count !== 1) throw planNotFound();
}

export async function listReinvestmentChoices(db: Db, userId: string): Promise<ReinvestmentChoiceRow[]> {
  const rows = await db.reinvestmentChoice.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { id: true, propertyId: true, fallbackPlanId: true, property: { select: { title: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    propertyId: r.propertyId,
    propertyTitle: r.property?.title ?? null,
    fallbackPlanId: r.fallbackPlanId,
  }));
}

type PendingRent = {
  transaction_id: string;
  user_id: string;
  property_id: string;
  distribution_id: string;
  net: string;
  fallback_plan_id: string | null;
};

/**
 * Reinvests rent already credited: every recent dividend of an investor who asked for it (for
 * that property, else for all holdings), not yet reinvested. Each (distribution, investor) is
 * claimed by the reinvestments row's unique key, and each purchase's key comes from the
 * distribution, so retried payment jobs and overlapping sweeps buy once.
 */
export async function reinvestPaidRent(prisma: PrismaClient, now = new Date()): Promise<{ reinvested: number }> {
  const since = new Date(now.getTime() - LOOKBACK_DAYS * DAY_MS);
  const pending = await prisma.$queryRaw<PendingRent[]>`
    SELECT t.id::text AS transaction_id, t.user_id::text AS user_id, t.property_id, d.id::text AS distribution_id,
           t.amount::text AS net, c.fallback_plan_id::text AS fallback_plan_id
      FROM transactions t
      JOIN property_distributions d ON d.id::text = t.reference_id
      JOIN LATERAL (
        SELECT rc.fallback_plan_id FROM reinvestment_choices rc
         WHERE rc.user_id = t.user_id AND (rc.property_id = t.property_id OR rc.property_id IS NULL)
         ORDER BY rc.property_id NULLS LAST LIMIT 1) c ON true
     WHERE t.transaction_type = 'dividend' AND t.status = 'completed' AND d.paid_at >= ${since} AND t.amount > 0
       AND NOT EXISTS (SELECT 1 FROM reinvestments r WHERE r.distribution_id = d.id AND r.user_id = t.user_id)
     ORDER BY t.created_at`;
  let reinvested = 0;
  for (const rent of pending) {
    try {
      if (await reinvestOne(prisma, rent, now)) reinvested += 1;
    } catch (error) {
      logger.error({ err: error, distributionId: rent.distribution_id, userId: rent.user_id }, "rent reinvestment failed");
    }
  }
  return { reinvested };
}

async function reinvestOne(prisma: PrismaClient, rent: PendingRent, now: Date): Promise<boolean> {
  const claimed = await prisma.$queryRaw<{ id: string }[]>`
    INSERT INTO reinvestments (user_id, distribution_id, dividend_transaction_id, net_amount, status)
    VALUES (${rent.user_id}::uuid, ${rent.distribution_id}::uuid, ${rent.transaction_id}::uuid, ${rent.net}::numeric, 'running')
    ON CONFLICT (distribution_id, user_id) DO NOTHING
    RETURNING id::text AS id`;
  const id = claimed[0]?.id;
  if (!id) return false;
  const property = await prisma.property.findUnique({ where: { id: rent.property_id }, select: { propertyStatus: true, title: true } });
  let targets = [{ propertyId: rent.property_id, weight: 1 }];
  if (property?.propertyStatus !== "open") {
    const fallback = rent.fallback_plan_id
      ? await prisma.investmentPlan.findUnique({
          where: { id: rent.fallback_plan_id },
          select: {
            targetKind: true,
            propertyType: true,
            items: { select: { propertyId: true, weight: true }, orderBy: { propertyId: "asc" } },
          },
        })
      : null;
    targets = fallback
      ? await planTargets(prisma, { ...fallback, propertyType: fallback.propertyType as PlanPropertyType | null, amount: rent.net })
      : [];
  }
  const outcome =
    targets.length > 0
      ? await buyWholeShares(prisma, { userId: rent.user_id, amount: rent.net, targets, keyPrefix: `reinvest:${rent.distribution_id}` })
      : { lines: [] as PlanRunLine[], spent: null, reason: "wallet_fallback", status: "failed" as const };
  const spent = outcome.spent?.toFixed(2) ?? "0.00";
  await runTransaction(prisma, "plans.finish-reinvestment", async (tx) => {
    await tx.reinvestment.update({ where: { id }, data: { status: outcome.status, spent, reason: outcome.reason, lines: outcome.lines } });
    const bought = outcome.lines.filter((l) => l.transactionId).map((l) => `${l.shares} share${l.shares === 1 ? "" : "s"} of ${l.title}`);
    const message = bought.length
      ? `Your rent of ${formatINR(rent.net, { paise: true })} from ${property?.title ?? "a property"} bought ${bought.join(", ")} for ${formatINR(spent, { paise: true })}; the rest stays in your wallet.`
      : `Your rent of ${formatINR(rent.net, { paise: true })} from ${property?.title ?? "a property"} stays in your wallet: ${
          outcome.reason === "wallet_fallback"
            ? "the property is not open and your fallback is the wallet"
            : (REASON_TEXT[outcome.reason as keyof typeof REASON_TEXT] ?? "nothing could be bought")
        }.`;
    await createUserAlert(tx, {
      userId: rent.user_id,
      propertyId: rent.property_id,
      alertType: "rent_reinvested",
      title: "Rent reinvested",
      message,
      createdAt: now,
    });
  });
  return true;
}

export type ReinvestmentLink = { dividendTransactionId: string; purchaseTransactionIds: string[] };

/** The reinvestment a transaction belongs to (as the dividend or one of its purchases), for the transaction page's link. */
export async function reinvestmentLinkOf(db: Db, userId: string, transactionId: string): Promise<ReinvestmentLink | null> {
  const [row] = await db.$queryRaw<{ dividend: string; lines: { transactionId: string | null }[] }[]>`
    SELECT dividend_transaction_id::text AS dividend, lines FROM reinvestments
     WHERE user_id = ${userId}::uuid
       AND (dividend_transaction_id = ${transactionId}::uuid OR lines @> ${JSON.stringify([{ transactionId }])}::jsonb)
     LIMIT 1`;
  if (!row) return null;
  return {
    dividendTransactionId: row.dividend,
    purchaseTransactionIds: row.lines.flatMap((l) => (l.transactionId ? [l.transactionId] : [])),
  };
}
