import { GST_RATE_PERCENT } from "~/lib/investing/constants";
import { regionByCode } from "~/lib/india-states";
import { Decimal, toRupees } from "~/lib/money";

/**
 * GST on the platform fee by place of supply (ADR 0053). The supplier is where
 * LEGAL_ENTITY_GSTIN is registered (its first two digits); the place of supply is the
 * investor's state or union territory on record. Same place: CGST + SGST (UTGST in a union
 * territory without a legislature). Different place: IGST. No state on record: the
 * supplier's location (IGST Act s. 12(2)(b)(ii)), so CGST + SGST.
 */
export type PlaceOfSupply = { supplierStateCode: string; recipientStateCode: string | null; interState: boolean };

export type GstHeadName = "CGST" | "SGST" | "UTGST" | "IGST";
export type GstHead = { name: GstHeadName; ratePercent: string; amount: Decimal };
export type GstOnFee = { taxable: Decimal; gst: Decimal; heads: GstHead[] };

// Union territories without a legislature levy UTGST where states levy SGST.
const UTGST_TERRITORIES = new Set(["04", "26", "31", "35", "38"]);

export function placeOfSupply(supplierGstin: string, recipientStateCode: string | null | undefined): PlaceOfSupply {
  const supplierStateCode = supplierGstin.slice(0, 2);
  const recipient = regionByCode(recipientStateCode)?.code ?? null;
  return { supplierStateCode, recipientStateCode: recipient, interState: recipient !== null && recipient !== supplierStateCode };
}

/**
 * Splits a fee that includes GST: the taxable value (fee ÷ 1.18 in paise), then the tax
 * heads. The heads add up to the tax and the tax plus the taxable value to the fee, exactly;
 * an odd paisa goes to the second head.
 */
export function gstOnFee(fee: Decimal.Value, place: PlaceOfSupply): GstOnFee {
  const gross = new Decimal(fee);
  const taxable = toRupees(gross.div(new Decimal(100).plus(GST_RATE_PERCENT).div(100)));
  const gst = gross.minus(taxable);
  if (place.interState) return { taxable, gst, heads: [{ name: "IGST", ratePercent: GST_RATE_PERCENT, amount: gst }] };
  const half = new Decimal(GST_RATE_PERCENT).div(2).toString();
  const central = toRupees(gst.div(2));
  const local: GstHeadName = UTGST_TERRITORIES.has(place.supplierStateCode) ? "UTGST" : "SGST";
  return {
    taxable,
    gst,
    heads: [
      { name: "CGST", ratePercent: half, amount: central },
      { name: local, ratePercent: half, amount: gst.minus(central) },
    ],
  };
}

/** Adds up per-invoice splits (a statement's year of fees): each head's total and the tax total. */
export function sumGst(splits: readonly GstOnFee[]): GstOnFee {
  const totals = new Map<GstHeadName, GstHead>();
  let taxable = new Decimal(0);
  let gst = new Decimal(0);
  for (const split of splits) {
    taxable = taxable.plus(split.taxable);
    gst = gst.plus(split.gst);
    for (const head of split.heads) {
      const seen = totals.get(head.name);
      totals.set(head.name, { ...head, amount: (seen?.amount ?? new Decimal(0)).plus(head.amount) });
    }
  }
  const order: GstHeadName[] = ["CGST", "SGST", "UTGST", "IGST"];
  return { taxable, gst, heads: order.flatMap((name) => (totals.has(name) ? [totals.get(name)!] : [])) };
}

/** The GST inside a year's platform fees: each fee split as its receipt splits it, then added up. */
export function gstOnFees(fees: readonly Decimal.Value[], place: PlaceOfSupply): GstOnFee {
  return sumGst(fees.map((fee) => gstOnFee(fee, place)));
}
