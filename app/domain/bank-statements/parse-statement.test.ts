import { describe, expect, it } from "vitest";
import { parseStatement, readDate } from "./parse-statement.server";
import { referenceCodesIn } from "./reference-codes";

const csv = (text: string) => Buffer.from(text, "utf8");

describe("parseStatement", () => {
  it("reads the documented columns, amounts in Indian grouping, and finds references in the narration", () => {
    const lines = parseStatement(
      csv(
        [
          "Date,Narration,Credit,Debit,Balance,Reference",
          '05/12/2026,NEFT-AG7K-M2QX-RAVI KUMAR,"1,00,000.00",,"1,50,000.00",N339261234567890',
          "06/12/2026,Bank\u0007 charges,,118.00,149882.00,",
        ].join("\n"),
      ),
    );
    expect(lines).toMatchObject([
      {
        lineNumber: 2,
        date: "2026-12-05",
        credit: "100000.00",
        debit: null,
        balance: "150000.00",
        reference: "N339261234567890",
        // Candidates, checked against requests when matching: "NEFT-AG7K" is one too, and matches none.
        referenceCodes: ["NEFT-AG7K", "AG7K-M2QX"],
        naturalKey: "ref:N339261234567890:C",
      },
      { lineNumber: 3, narration: "Bank charges", credit: null, debit: "118.00", reference: null, referenceCodes: [] },
    ]);
    expect(lines[1]!.naturalKey).toMatch(/^line:[0-9a-f]{64}$/);
  });

  it("reads HDFC-style headers after a preamble, with a zero in the other column and a value-date column", () => {
    const lines = parseStatement(
      csv(
        [
          "Aangan Escrow Account,,,,,,",
          "Account No: XXXX1234,,,,,,",
          "",
          "Txn Date,Description,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance",
          "2026-12-07,UPI/ag7km2qx/ravi@okbank,0000000000000000,08/12/2026,0.00,5000,55000.00 Cr",
        ].join("\r\n"),
      ),
    );
    expect(lines).toMatchObject([
      {
        lineNumber: 5,
        date: "2026-12-07",
        credit: "5000.00",
        debit: null,
        balance: "55000.00",
        reference: null,
        referenceCodes: ["AG7K-M2QX"],
      },
    ]);
  });

  it("reads ICICI-style headers and dates with month names", () => {
    const lines = parseStatement(
      csv(
        "Value Date,Transaction Remarks,Withdrawal Amount (INR),Deposit Amount (INR),Balance (INR),UTR\n05-Dec-2026,IMPS,,2500,2500,UTR1\n",
      ),
    );
    expect(lines).toMatchObject([{ date: "2026-12-05", credit: "2500.00", reference: "UTR1" }]);
  });

  it.each([
    ["a bad amount", "05/12/2026,x,1e5,,100,", 'Line 2, column Credit: "1e5" is not an amount'],
    ["a bad date", "31/02/2026,x,100,,100,", 'Line 2, column Date: "31/02/2026" is not a date'],
    ["both sides", "05/12/2026,x,100,100,100,", "Line 2: both Credit and Debit have an amount"],
    ["no side", "05/12/2026,x,,,100,", "Line 2: neither Credit nor Debit has an amount"],
    ["no narration", "05/12/2026,,100,,100,", "Line 2, column Narration: the narration is empty"],
    ["a bad balance", "05/12/2026,x,100,,-5,", 'Line 2, column Balance: "-5" is not an amount'],
    ["an unclosed quote", '05/12/2026,"x,100,,100,', "Line 2: the file is not valid CSV"],
  ])("refuses %s naming the line and the column", (_name, line, message) => {
    const header = "Date,Narration,Credit,Debit,Balance,Reference";
    const read = () => parseStatement(csv(`${header}\n${line}`));
    expect(read).toThrow(message);
    expect(read).toThrow(expect.objectContaining({ status: 400, code: "bad_statement", field: "statement" }));
  });

  it("refuses a file without the required columns, saying which are missing", () => {
    expect(() => parseStatement(csv("Date,Narration,Credit\n05/12/2026,x,1\n"))).toThrow(/missing: Debit, Balance/);
    expect(() => parseStatement(csv(""))).toThrow(/empty/);
    expect(() => parseStatement(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]))).toThrow(/not a CSV file/);
  });
});

describe("readDate", () => {
  it.each([
    ["05/12/2026", "2026-12-05"],
    ["5-12-26", "2026-12-05"],
    ["05.12.2026", "2026-12-05"],
    ["2026-12-05", "2026-12-05"],
    ["5 Dec 2026", "2026-12-05"],
    ["05-DEC-26", "2026-12-05"],
    ["05/12/2026 10:31:22", "2026-12-05"],
  ])("reads %s", (raw, iso) => expect(readDate(raw)).toBe(iso));
  it.each(["", "32/01/2026", "12/13/2026", "yesterday", "2026-02-30"])("refuses %s", (raw) => expect(readDate(raw)).toBeNull());
});

describe("referenceCodesIn", () => {
  it("finds whole-token references, hyphenated or run together, in any case", () => {
    expect(referenceCodesIn("NEFT-ag7k-m2qx-RAVI")).toEqual(["NEFT-AG7K", "AG7K-M2QX"]);
    expect(referenceCodesIn("UPI/AG7KM2QX/x AB3D-EF4G")).toEqual(["AG7K-M2QX", "AB3D-EF4G"]);
    expect(referenceCodesIn("XAG7K-M2QX")).toEqual([]);
    expect(referenceCodesIn("AG7K-M2QXZ")).toEqual([]);
    expect(referenceCodesIn("no reference here 12345")).toEqual([]);
  });
});
