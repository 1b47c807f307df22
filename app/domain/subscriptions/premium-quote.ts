import { gstOnFee, placeOfSupply, type GstHead } from "~/domain/tax/gst";
import { Decimal } from "~/lib/money";

/** The Premium price in force: what one period costs (GST included) and how many months it buys. */
export type PremiumPriceSetting = { id: string; price: Decimal; months: number };

/** Premium as shown and charged: the price, its taxable value and GST heads by place of supply. */
export type PremiumQuote = {
  months: number;
  price: string;
  taxable: string;
  gst: string;
  heads: { name: GstHead["name"]; ratePercent: string; amount: string }[];
};

/**
 * The one computation of Premium's figures (ADR 0046, 0063): /fees, /welcome, the upgrade
 * buttons, the Premium page, the order and the receipt all read it. The GST split is the
 * platform fee's (ADR 0053), by the payer's state on record.
 */
export function premiumQuote(
  setting: Pick<PremiumPriceSetting, "price" | "months">,
  supplierGstin: string,
  recipientStateCode: string | null,
): PremiumQuote {
  const split = gstOnFee(setting.price, placeOfSupply(supplierGstin, recipientStateCode));
  return {
    months: setting.months,
    price: new Decimal(setting.price).toFixed(2),
    taxable: split.taxable.toFixed(2),
    gst: split.gst.toFixed(2),
    heads: split.heads.map((head) => ({ name: head.name, ratePercent: head.ratePercent, amount: head.amount.toFixed(2) })),
  };
}

/** "12 months" / "1 month". */
export function periodLabel(months: number): string {
  return months === 12 ? "1 year" : `${months} ${months === 1 ? "month" : "months"}`;
}
