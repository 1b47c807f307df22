import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { HistoryRow } from "~/domain/transactions/transaction-history.server";
import fc from "fast-check";
import { gstOnFee, placeOfSupply } from "~/domain/tax/gst";
import { Decimal } from "~/lib/money";
import { formatIst, receiptLines, receiptNumber, renderReceiptPdf } from "./receipt.server";

const row: HistoryRow = {
  id: "3f2a9c1e-0000-4000-8000-000000000001",
  type: "investment",
  status: "completed",
  amount: "100000.00",
  fee: "2000.00",
  walletEffect: "-102000.00",
  shares: 10,
  pricePerShare: "10000.00",
  description: "10 shares of Sample Residency",
  referenceId: null,
  journalId: "9d1b7f40-1111-4000-8000-000000000002",
  createdAt: "2026-11-20T10:15:00.000Z",
  property: {
    id: "dummy-1",
    title: "Sample Residency",
    city: "Pune",
    sharePrice: "10000.00",
    spvName: "Sample Residency SPV Private Limited",
  },
};
// Karnataka, where the issuer's GSTIN (29...) is registered: an intra-state supply.
const investor = { name: "Asha Rao", email: "asha@example.in", stateCode: "29" };
// Maharashtra: an inter-state supply.
const otherState = { name: "Rohan Kulkarni", email: "rohan@example.in", stateCode: "27" };
const issuer = {
  name: "Aangan Proptech Private Limited",
  address: "12 MG Road, Bengaluru, Karnataka 560001",
  cin: "U70100KA2024PTC123456",
  gstin: "29ABCDE1234F1Z5",
};

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

describe("receipts", () => {
  it("numbers a receipt from its date and transaction id", () => {
    expect(receiptNumber(row)).toBe("AAN-20261120-3F2A9C1E");
  });

  it("splits the GST inside the fee so the parts add up to it exactly", () => {
    const same = gstOnFee("2000.00", placeOfSupply(issuer.gstin, "29"));
    expect([same.taxable.toFixed(2), ...same.heads.map((h) => `${h.name} ${h.amount.toFixed(2)}`)]).toEqual([
      "1694.92",
      "CGST 152.54",
      "SGST 152.54",
    ]);
    const odd = gstOnFee("0.01", placeOfSupply(issuer.gstin, "29"));
    expect(odd.heads.reduce((sum, h) => sum.plus(h.amount), odd.taxable).toFixed(2)).toBe("0.01");
  });

  it("charges IGST to an investor in another state, CGST + SGST in the issuer's state or when no state is on record", () => {
    const heads = (code: string | null) =>
      gstOnFee("2000.00", placeOfSupply(issuer.gstin, code)).heads.map((h) => `${h.name}@${h.ratePercent}`);
    expect(heads("27")).toEqual(["IGST@18"]);
    expect(heads("29")).toEqual(["CGST@9", "SGST@9"]);
    expect(heads(null)).toEqual(["CGST@9", "SGST@9"]);
    // A supplier registered in Chandigarh (a union territory without a legislature) levies UTGST.
    expect(gstOnFee("2000.00", placeOfSupply("04ABCDE1234F1Z5", "04")).heads.map((h) => h.name)).toEqual(["CGST", "UTGST"]);
    const igst = gstOnFee("2000.00", placeOfSupply(issuer.gstin, "27"));
    expect(igst.heads[0]!.amount.toFixed(2)).toBe("305.08");
  });

  it("adds up exactly, in paise, for any fee and either place of supply", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_00 }), fc.constantFrom("29", "27", null), (paise, code) => {
        const fee = new Decimal(paise).div(100);
        const split = gstOnFee(fee, placeOfSupply(issuer.gstin, code));
        const tax = split.heads.reduce((sum, h) => sum.plus(h.amount), new Decimal(0));
        expect(tax.eq(split.gst)).toBe(true);
        expect(split.taxable.plus(tax).eq(fee)).toBe(true);
        for (const head of split.heads) expect(head.amount.decimalPlaces()).toBeLessThanOrEqual(2);
      }),
    );
  });

  it("shows the other-state investor IGST, the same-state investor CGST and SGST, on the lines and in the PDF", async () => {
    const lines = (party: typeof investor) => Object.fromEntries(receiptLines(row, party, issuer).map((l) => [l.label, l.value]));
    const inter = lines(otherState);
    expect(inter["Place of supply"]).toBe("Maharashtra (27)");
    expect(inter["IGST @ 18%"]).toBe("₹305.08");
    expect(Object.keys(inter).filter((label) => /CGST|SGST/.test(label))).toEqual([]);
    const intra = lines(investor);
    expect(intra["Place of supply"]).toBe("Karnataka (29)");
    expect(Object.keys(intra).filter((label) => label.startsWith("IGST"))).toEqual([]);

    const interPdf = await pdfText(await renderReceiptPdf(row, otherState, issuer));
    expect(interPdf).toContain("IGST @ 18%");
    expect(interPdf).toContain("₹305.08");
    expect(interPdf).not.toContain("CGST");
    const intraPdf = await pdfText(await renderReceiptPdf(row, investor, issuer));
    expect(intraPdf).toContain("CGST @ 9%");
    expect(intraPdf).toContain("SGST @ 9%");
    expect(intraPdf).not.toContain("IGST");
  });

  it("states the time in IST, the SPV, the fee with GST, one total debited and no internal ids", () => {
    const lines = Object.fromEntries(receiptLines(row, investor, issuer).map((l) => [l.label, l.value]));
    expect(lines["Date and time"]).toBe(formatIst(row.createdAt));
    expect(lines["Date and time"]).toMatch(/^20 November 2026(,| at) 3:45 pm IST$/i);
    expect(lines["Owned by (SPV)"]).toBe("Sample Residency SPV Private Limited");
    expect(lines["Value of shares"]).toBe("₹1,00,000.00");
    expect(lines["Platform fee (taxable value)"]).toBe("₹1,694.92");
    expect(lines["CGST @ 9%"]).toBe("₹152.54");
    expect(lines["SGST @ 9%"]).toBe("₹152.54");
    expect(lines["Total debited from wallet"]).toBe("₹1,02,000.00");
    expect(lines["Status"]).toBe("Completed");
    const all = JSON.stringify(lines);
    expect(all).not.toContain(row.journalId);
    expect(all).not.toContain(row.id);
  });

  it("states a resale's fee, none, on the buyer's and the seller's receipt, and none on a primary purchase", () => {
    for (const type of ["share_purchase", "share_sale"] as const) {
      const resale = { ...row, type, fee: "0.00", description: `3 shares of Sample Residency` };
      const lines = Object.fromEntries(receiptLines(resale, investor, issuer).map((l) => [l.label, l.value]));
      expect(lines["Resale fee"]).toBe("₹0.00 (no fee for buyer or seller)");
    }
    expect(receiptLines(row, investor, issuer).map((l) => l.label)).not.toContain("Resale fee");
  });

  it("states rent as a distribution per share held on the record date, never as a price or the shares' value", () => {
    const rent = { ...row, type: "dividend" as const, amount: "294.00", fee: "0.00", shares: 1, pricePerShare: "294.00" };
    const lines = Object.fromEntries(receiptLines(rent, investor, issuer).map((l) => [l.label, l.value]));
    expect(lines["Shares held on the record date"]).toBe("1");
    expect(lines["Distribution per share"]).toBe("₹294.00");
    expect(lines["Amount"]).toBe("₹294.00");
    expect(lines["Total credited to wallet"]).toBe("₹294.00");
    for (const label of ["Price per share", "Value of shares", "Shares"]) expect(lines).not.toHaveProperty([label]);
  });

  it("renders a PDF whose text has ₹, the entity's name, CIN and GSTIN, and no ledger id", async () => {
    const text = await pdfText(await renderReceiptPdf(row, investor, issuer));
    expect(text).toContain("₹1,02,000.00");
    expect(text).not.toContain("INR");
    for (const fragment of [issuer.name, issuer.address, `CIN: ${issuer.cin}`, `GSTIN: ${issuer.gstin}`, "AAN-20261120-3F2A9C1E", "IST"]) {
      expect(text).toContain(fragment);
    }
    expect(text).toContain("computer-generated receipt and needs no signature");
    expect(text).not.toContain(row.journalId);
    expect(text).not.toContain(row.id);
  });
});
