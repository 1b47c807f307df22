import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { DomainError } from "~/domain/errors";
import { parseRupees } from "~/lib/rupee-input";
import { preparedQuery, runTransaction, type Db, type PrismaClient, type PreparedStatement } from "~/services/db.server";
import { Decimal } from "~/lib/money";
import { premiumQuote, type PremiumPriceSetting, type PremiumQuote } from "./premium-quote";

export const PREMIUM_PRICE_MAX = "100000";
export const PREMIUM_MONTHS_MAX = 36;

/** The Premium price in force: the newest setting (the migration writes the first, ₹999 for 12 months). */
export async function getPremiumPrice(db: Db): Promise<PremiumPriceSetting> {
  const row = await db.premiumPrice.findFirstOrThrow({ orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return { id: row.id, price: row.price, months: row.months };
}

/** Premium's figures for a signed-in user (GST by their state on record) or a visitor (the supplier's state). */
export async function getPremiumQuote(db: Db, supplierGstin: string, userId: string | null): Promise<PremiumQuote> {
  const [row] = await preparedQuery<{ price: string; months: number; stateCode: string | null }>(db, READ_PREMIUM_QUOTE_INPUTS, [userId]);
  if (!row) throw new Error("No Premium price is set");
  return premiumQuote({ price: new Decimal(row.price), months: row.months }, supplierGstin, row.stateCode);
}

// /fees, /welcome and /trial-expired read this on every view: the price in force (as
// getPremiumPrice picks it) and the visitor's state in one prepared statement. Through Prisma's
// client the two reads were about a tenth of a signed-in /fees's CPU (issue 32).
const READ_PREMIUM_QUOTE_INPUTS: PreparedStatement = {
  name: "read_premium_quote_inputs",
  text: `
    SELECT newest.price::text AS price, newest.months,
           (SELECT state_code FROM user_profiles WHERE user_id = $1::uuid) AS "stateCode"
      FROM premium_prices newest
     ORDER BY newest.created_at DESC, newest.id DESC
     LIMIT 1`,
};

export type PremiumPriceInput = { adminId: string; price: unknown; months: unknown };

/** An admin sets a new Premium price: a new row (earlier orders keep theirs), audited in the same transaction. */
export async function setPremiumPrice(prisma: PrismaClient, input: PremiumPriceInput): Promise<PremiumPriceSetting> {
  const price = parseRupees(input.price, {
    message: "Enter the price in rupees, for example 999",
    min: 1,
    minMessage: "The price must be at least ₹1",
    max: PREMIUM_PRICE_MAX,
  });
  if (!price.ok) throw new DomainError("invalid_price", price.message, 400, "price");
  const months = typeof input.months === "string" && /^\d{1,2}$/.test(input.months.trim()) ? Number(input.months.trim()) : NaN;
  if (!(months >= 1 && months <= PREMIUM_MONTHS_MAX))
    throw new DomainError("invalid_months", `Enter a whole number of months from 1 to ${PREMIUM_MONTHS_MAX}`, 400, "months");

  return runTransaction(prisma, "subscriptions.set-premium-price", async (tx) => {
    await tx.$executeRaw`LOCK TABLE premium_prices IN SHARE ROW EXCLUSIVE MODE`;
    const before = await getPremiumPrice(tx);
    if (before.price.equals(price.value) && before.months === months)
      throw new DomainError("price_unchanged", "This is already the Premium price; nothing was changed.", 409);
    const row = await tx.premiumPrice.create({ data: { price: price.value.toFixed(2), months, setBy: input.adminId } });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "premium.set_price",
      targetType: "premium_price",
      targetId: row.id,
      before: { price: before.price.toFixed(2), months: before.months },
      after: { price: row.price.toFixed(2), months: row.months },
    });
    return { id: row.id, price: row.price, months: row.months };
  });
}
