import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { createInvestor, createProperty } from "../../../tests/setup/factories";
import { portfolioFigures } from "./holding-figures";
import { loadInvestorHoldings, loadPortfolioFigures } from "./investor-figures.server";
import { preparedQuery, readInOnePreparedSnapshot, type Reader } from "~/services/db.server";

const db = useTestDatabase();

/** Rows of transactions this transaction has read so far (sequentially or fetched through an index). */
async function transactionRowsRead(reader: Reader): Promise<number> {
  const [read] = await preparedQuery<{ rows: string }>(
    reader,
    {
      name: "test_transaction_rows_read",
      text: "SELECT (seq_tup_read + coalesce(idx_tup_fetch, 0))::text AS rows FROM pg_stat_xact_user_tables WHERE relname = 'transactions'",
    },
    [],
  );
  return Number(read!.rows);
}

const TYPES = ["investment", "share_purchase", "share_sale", "dividend", "transmission_in", "transmission_out", "exit_payout"] as const;

const row = fc.record({
  property: fc.integer({ min: 0, max: 2 }),
  type: fc.constantFrom(...TYPES),
  status: fc.constantFrom("completed", "completed", "completed", "completed", "cancelled", "pending"),
  shares: fc.option(fc.integer({ min: 1, max: 40 }), { freq: 8 }),
  paise: fc.integer({ min: 1, max: 5_000_000 }),
  feePaise: fc.integer({ min: 0, max: 20_000 }),
  // A few distinct milliseconds, several microseconds apart within one: rows tie to the
  // millisecond as they can in the table, and runs must sort where their rows did.
  millisecond: fc.integer({ min: 0, max: 5 }),
  microsecond: fc.integer({ min: 0, max: 999 }),
});

describe("loadPortfolioFigures", () => {
  it("gives exactly the totals of every holding replayed row by row, whatever the mix of purchases, sales and dividends", async () => {
    const prisma = db.current.prisma;
    const properties: { id: string }[] = [];
    for (const price of ["1000.00", "2375.45", "99.99"]) properties.push(await createProperty(prisma, { sharePrice: price }));
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 40 }), async (rows) => {
        const investor = await createInvestor(prisma);
        for (const r of rows) {
          const at = new Date(Date.UTC(2026, 5, 1, 10, 0, 0, r.millisecond)).toISOString().replace("Z", "");
          await prisma.$executeRaw`
            INSERT INTO transactions (user_id, property_id, transaction_type, status, amount, fee, shares, description, created_at)
            VALUES (${investor.id}::uuid, ${properties[r.property]!.id}, ${r.type}::transaction_type, ${r.status}::transaction_status,
                    ${r.paise}::numeric / 100, ${r.feePaise}::numeric / 100, ${r.shares}, 'property test',
                    (${at}::timestamp + make_interval(secs => ${r.microsecond}::numeric / 1000000)) AT TIME ZONE 'UTC')`;
        }
        const rowByRow = portfolioFigures(await loadInvestorHoldings(prisma, investor.id));
        expect(await loadPortfolioFigures(prisma, investor.id)).toEqual(rowByRow);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it("reads one row per run of purchases, not one per purchase", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma);
    const property = await createProperty(prisma, { sharePrice: "500.00" });
    // 200 purchases, a sale, 100 purchases: two runs and the sale.
    await prisma.$executeRaw`
      INSERT INTO transactions (user_id, property_id, transaction_type, status, amount, fee, shares, description, created_at)
      SELECT ${investor.id}::uuid, ${property.id}, CASE WHEN g = 201 THEN 'share_sale' ELSE 'investment' END::transaction_type,
             'completed', 1000.25, 20.01, 2, 'run', timestamptz '2026-06-01 10:00Z' + make_interval(mins => g)
        FROM generate_series(1, 301) AS g`;
    const figures = await loadPortfolioFigures(prisma, investor.id);
    expect(figures).toEqual(portfolioFigures(await loadInvestorHoldings(prisma, investor.id)));
    // 300 purchases of 2 shares less the 2 sold.
    expect(figures.activeProperties).toBe(1);
    const [holding] = await loadInvestorHoldings(prisma, investor.id);
    expect(holding!.shares).toBe(598);
    expect(holding!.history).toHaveLength(301);
  });

  it("reads a never-sold property's purchases from the kept sums (ADR 0108), not one transaction per purchase", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma);
    const kept = await createProperty(prisma, { sharePrice: "500.00" });
    const sold = await createProperty(prisma, { sharePrice: "800.00" });
    await prisma.$executeRaw`
      INSERT INTO transactions (user_id, property_id, transaction_type, status, amount, fee, shares, description, created_at)
      SELECT ${investor.id}::uuid, ${kept.id}, 'investment', 'completed', 1000.25, 20.01, 2, 'bought', timestamptz '2026-06-01 10:00Z' + make_interval(mins => g)
        FROM generate_series(1, 400) AS g`;
    // A property with a sale still reads its five rows, for the runs between sales.
    await prisma.$executeRaw`
      INSERT INTO transactions (user_id, property_id, transaction_type, status, amount, fee, shares, description, created_at)
      SELECT ${investor.id}::uuid, ${sold.id}, CASE WHEN g = 3 THEN 'share_sale' ELSE 'investment' END::transaction_type,
             'completed', 1600, 10, 2, 'traded', timestamptz '2026-07-01 10:00Z' + make_interval(mins => g)
        FROM generate_series(1, 5) AS g`;
    await prisma.$executeRawUnsafe("ANALYZE transactions");
    const { figures, read } = await readInOnePreparedSnapshot(prisma, async (reader) => {
      const before = await transactionRowsRead(reader);
      const figures = await loadPortfolioFigures(reader, investor.id);
      return { figures, read: (await transactionRowsRead(reader)) - before };
    });
    expect(figures).toEqual(portfolioFigures(await loadInvestorHoldings(prisma, investor.id)));
    // 400 × (1,000.25 + 20.01); and 4 shares for 3,220 (fees in), half sold at average cost, 4 more for 3,220.
    expect(figures.invested).toBe("412934.00");
    expect(read).toBe(5);
  });
});
