import { describe, expect, it } from "vitest";
import type { HistoryRow } from "~/domain/transactions/transaction-history.server";
import { receiptLines, receiptNumber, renderReceiptPdf } from "./receipt.server";

const row: HistoryRow = {
  id: "3f2a9c1e-0000-4000-8000-000000000001",
  type: "investment",
  status: "completed",
  amount: "100000.00",
  fee: "2000.00",
  shares: 10,
  pricePerShare: "10000.00",
  description: "10 shares of Sample Residency",
  referenceId: null,
  journalId: "9d1b7f40-1111-4000-8000-000000000002",
  createdAt: "2026-11-20T10:15:00.000Z",
  property: { id: "dummy-1", title: "Sample Residency", city: "Pune", sharePrice: "10000.00" },
};
const investor = { name: "Asha Rao", email: "asha@example.in" };

describe("receipts", () => {
  it("numbers a receipt from its date and transaction id", () => {
    expect(receiptNumber(row)).toBe("AAN-20261120-3F2A9C1E");
  });

  it("states parties, property, shares, price, fee, total and the ledger journal", () => {
    const lines = Object.fromEntries(receiptLines(row, investor).map((l) => [l.label, l.value]));
    expect(lines["Investor"]).toBe("Asha Rao <asha@example.in>");
    expect(lines["Issued by"]).toBe("Aangan");
    expect(lines["Property"]).toBe("Sample Residency, Pune");
    expect(lines["Shares"]).toBe("10");
    expect(lines["Price per share"]).toBe("₹10,000.00");
    expect(lines["Platform fee"]).toBe("₹2,000.00");
    expect(lines["Total"]).toBe("₹1,02,000.00 (paid from wallet)");
    expect(lines["Ledger journal"]).toBe(row.journalId);
  });

  it("renders a PDF that carries the receipt's text", async () => {
    const pdf = await renderReceiptPdf(row, investor);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // Uncompressed content streams keep each text run readable in the bytes.
    const text = pdf.toString("latin1");
    for (const fragment of ["AAN-20261120-3F2A9C1E", "Sample Residency", "Asha Rao", "INR 1,02,000.00", row.journalId!]) {
      expect(text.includes(fragment) || hexIncludes(text, fragment)).toBe(true);
    }
  });
});

/** pdfkit writes text as hex strings inside TJ operators. */
function hexIncludes(pdfText: string, fragment: string): boolean {
  const hex = Buffer.from(fragment, "latin1").toString("hex");
  const runs = [...pdfText.matchAll(/<([0-9a-f]+)>/gi)].map((m) => m[1]!.toLowerCase()).join("");
  return runs.includes(hex);
}
