import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { PurchaseError } from "~/domain/investing/purchase-errors.server";
import { Decimal } from "~/lib/money";
import type { PrismaClient } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { splitByWeight, wholeSharesWithin, type WeightedTarget } from "./plan-allocation";
import type { PlanRunLine } from "./plans.server";

/** Why a property of a run bought nothing; shown on the plan's history and counted on the admin page. */
export type BuyReason =
  | "property_not_open"
  | "insufficient_balance"
  | "kyc_required"
  | "below_minimum"
  | "sold_out"
  | "no_open_property"
  | "failed"
  | "debit_failed"
  | "mandate_limit"
  | "debit_unavailable";

export const REASON_TEXT: Record<BuyReason, string> = {
  property_not_open: "the property is not open for investment",
  insufficient_balance: "not enough money in the wallet",
  kyc_required: "your KYC is not approved",
  below_minimum: "the amount is below the property's minimum investment",
  sold_out: "no shares are left",
  no_open_property: "no property of the plan's type is open",
  failed: "the purchase failed; we will try again next month",
  debit_failed: "the UPI AutoPay debit from your bank account failed",
  mandate_limit: "the plan's amount is more than your UPI AutoPay mandate allows; set the mandate up again",
  debit_unavailable: "UPI AutoPay could not be reached",
};

const REASON_BY_PURCHASE_CODE: Partial<Record<string, BuyReason>> = {
  property_not_open: "property_not_open",
  property_not_found: "property_not_open",
  insufficient_balance: "insufficient_balance",
  kyc_required: "kyc_required",
  shares_unavailable: "sold_out",
};

export type BuyOutcome = { lines: PlanRunLine[]; spent: Decimal; reason: BuyReason | null; status: "completed" | "partial" | "failed" };

/**
 * Spends `amount` on whole shares of the targets, split by weight, each bought by the invest
 * page's own purchase (fee, KYC, tier, limits, the wallet) under a key made from `keyPrefix`
 * and the property, so a retried run buys nothing twice: a key already used counts as the
 * purchase it made. A refusal is that property's reason; after a KYC refusal nothing more is tried.
 */
export async function buyWholeShares(
  prisma: PrismaClient,
  input: { userId: string; amount: Decimal.Value; targets: WeightedTarget[]; keyPrefix: string },
): Promise<BuyOutcome> {
  if (input.targets.length === 0) return { lines: [], spent: new Decimal(0), reason: "no_open_property", status: "failed" };
  const parts = splitByWeight(input.amount, input.targets);
  const properties = await prisma.property.findMany({
    where: { id: { in: input.targets.map((t) => t.propertyId) } },
    select: {
      id: true,
      title: true,
      propertyStatus: true,
      sharePrice: true,
      minimumInvestment: true,
      maximumInvestment: true,
      availableShares: true,
    },
  });
  const byId = new Map(properties.map((p) => [p.id, p]));
  const lines: PlanRunLine[] = [];
  let kycRefused = false;
  for (const target of input.targets) {
    const property = byId.get(target.propertyId);
    const budget = parts.get(target.propertyId)!;
    const line: PlanRunLine = {
      propertyId: target.propertyId,
      title: property?.title ?? "",
      budget: budget.toFixed(2),
      shares: 0,
      total: "0.00",
      transactionId: null,
      reason: null,
    };
    lines.push(line);
    if (kycRefused) {
      line.reason = "kyc_required";
      continue;
    }
    if (!property || property.propertyStatus !== "open") {
      line.reason = "property_not_open";
      continue;
    }
    const decision = wholeSharesWithin(budget, property);
    if (!decision.ok) {
      line.reason = decision.reason;
      continue;
    }
    const idempotencyKey = `${input.keyPrefix}:${target.propertyId}`;
    try {
      const receipt = await purchaseShares(prisma, {
        userId: input.userId,
        propertyId: target.propertyId,
        shares: decision.shares,
        idempotencyKey,
      });
      Object.assign(line, { shares: receipt.sharesPurchased, total: receipt.totalDebited, transactionId: receipt.transactionId });
    } catch (error) {
      if (error instanceof PurchaseError && error.code === "duplicate") {
        // An earlier try of this same run bought it before it could record so.
        const earlier = await prisma.transaction.findFirst({
          where: { userId: input.userId, idempotencyKey },
          select: { id: true, shares: true, amount: true, fee: true },
        });
        if (earlier) {
          Object.assign(line, {
            shares: earlier.shares ?? 0,
            total: earlier.amount.plus(earlier.fee).toFixed(2),
            transactionId: earlier.id,
          });
          continue;
        }
      }
      line.reason = (error instanceof PurchaseError && REASON_BY_PURCHASE_CODE[error.code]) || "failed";
      if (line.reason === "failed")
        logger.error({ err: error, userId: input.userId, propertyId: target.propertyId }, "plan purchase failed");
      if (line.reason === "kyc_required") kycRefused = true;
    }
  }
  const bought = lines.filter((l) => l.transactionId !== null);
  const spent = bought.reduce((sum, l) => sum.plus(l.total), new Decimal(0));
  const firstReason = (lines.find((l) => l.reason)?.reason ?? null) as BuyReason | null;
  const status = bought.length === lines.length ? "completed" : bought.length > 0 ? "partial" : "failed";
  return { lines, spent, reason: status === "completed" ? null : firstReason, status };
}
