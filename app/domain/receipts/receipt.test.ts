import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { HistoryRow } from "~/domain/transactions/transaction-history.server";
import { formatIst, gstOnFee, receiptLines, receiptNumber, renderReceiptPdf } from "./receipt.server";

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
const investor = { name: "Asha Rao", email: "asha@example.in" };
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
    const { taxable, cgst, sgst } = gstOnFee("2000.00");
    expect([taxable.toFixed(2), cgst.toFixed(2), sgst.toFixed(2)]).toEqual(["1694.92", "152.54", "152.54"]);
    const odd = gstOnFee("0.01");
    expect(odd.taxable.plus(odd.cgst).plus(odd.sgst).toFixed(2)).toBe("0.01");
  });

  it("states the time in IST, the SPV, the fee with GST, one total debited and no internal ids", () => {
    const lines = Object.fromEntries(receiptLines(row, investor).map((l) => [l.label, l.value]));
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
