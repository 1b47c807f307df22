import { beforeAll, describe, expect, it } from "vitest";
import { payDistributionIn } from "../../app/domain/distributions/distributions.server";
import { reloadEnv } from "../../app/services/env.server";
import { loadStatementsPage } from "../../app/web/statements.server";
import { ownTaxPack } from "../../app/web/tds.server";
import { holderAwaitingADistribution } from "#tests/kit/distribution-due";
import { readAcrossACommit } from "#tests/kit/lock-wait";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * A statement is a record the investor files taxes from: its money in, its distributions, its
 * TDS certificates and the tax pack's gross income must describe one moment of the books, even
 * when a payout lands while they are being read.
 */

const db = useTestDatabase();
const statementsRequest = () => new Request("http://localhost/dashboard/statements");

beforeAll(() => {
  process.env.DATABASE_URL = db.current.url;
  reloadEnv();
});

describe("statements read as of one moment", () => {
  it("the statements page: money in, distributions received and the TDS certificates never show half of a payout", async () => {
    const { user, distributionId } = await holderAwaitingADistribution(db.current.prisma, { title: "Statement Court", amount: "15000" });
    const shown = (page: Awaited<ReturnType<typeof loadStatementsPage>>) => ({
      moneyIn: page.figures.totalIn,
      closing: page.figures.closingBalance,
      distributions: page.figures.distributionsTotal,
      certificates: page.certificates.map((c) => c.tds),
    });
    const before = shown(await loadStatementsPage(statementsRequest(), user));
    expect(before.distributions).toBe("0.00");
    expect(before.certificates).toEqual([]);

    // The payout held uncommitted with the transactions table locked: the ledger's lines and the
    // certificates read at once, the distributions wait, and the payout commits before they are read.
    const reading = readAcrossACommit(db.current, {
      write: (tx) => payDistributionIn(tx, distributionId, new Date()),
      lockedTable: "transactions",
      read: () => loadStatementsPage(statementsRequest(), user),
    });
    // Read side by side, "Distributions received" said ₹12,000.00 while "Money in" and the
    // closing balance did not have it and no certificate was listed.
    expect(shown(await reading)).toEqual(before);

    const after = shown(await loadStatementsPage(statementsRequest(), user));
    expect(after.distributions).toBe("12000.00");
    expect(after.certificates).toEqual(["3000.00"]);
    expect(Number(after.moneyIn) - Number(before.moneyIn)).toBe(12000);
  });

  it("the tax pack: gross income and the TDS by section come from the same books", async () => {
    const { user, distributionId } = await holderAwaitingADistribution(db.current.prisma, { title: "Tax Pack Towers", amount: "15000" });
    const shown = (pack: Awaited<ReturnType<typeof ownTaxPack>>) => ({
      distributions: pack.figures.distributionsTotal,
      grossIncome: pack.income[0]!.amount,
      tdsBySection: pack.tdsBySection.map((s) => [s.gross, s.tds]),
    });
    const before = shown(await ownTaxPack(statementsRequest(), user));
    expect(before).toEqual({ distributions: "0.00", grossIncome: "0.00", tdsBySection: [] });

    // Now the withholding rows are what waits: the statement's reads run before the payout commits.
    const reading = readAcrossACommit(db.current, {
      write: (tx) => payDistributionIn(tx, distributionId, new Date()),
      lockedTable: "tds_withholdings",
      read: () => ownTaxPack(statementsRequest(), user),
    });
    // Read side by side, the pack said ₹3,000 of TDS withheld on ₹15,000 beside no distribution
    // received, and a gross income of ₹3,000.
    expect(shown(await reading)).toEqual(before);

    const after = shown(await ownTaxPack(statementsRequest(), user));
    expect(after).toEqual({ distributions: "12000.00", grossIncome: "15000.00", tdsBySection: [["15000.00", "3000.00"]] });
  });
});
