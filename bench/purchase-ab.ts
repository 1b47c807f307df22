// `npx tsx bench/purchase-ab.ts`: the purchase bench (50 buyers, the app's pool of 10) on two
// variants of the database, alternating round by round (bench/sql-ab.ts). PURCHASE_AB_A and
// PURCHASE_AB_B are SQL (text, or @file) applied to each round's fresh, migrated database, e.g.
// purchase_shares's old and new definition. Prints purchases a second per round and the medians.
import { runPurchaseBench } from "./purchase-bench";
import { exitWith, runSqlAb } from "./sql-ab";

exitWith(
  runSqlAb({
    prefix: "PURCHASE_AB",
    label: "purchaseab",
    unit: "purchases/s",
    measure: async (url, seconds) => {
      const result = await runPurchaseBench(url, { buyers: 50, seconds });
      return {
        value: result.tps,
        unsafe: result.oversoldProperties + result.overdrawnWallets + result.ledgerProblems + result.unexpectedErrors,
      };
    },
  }),
);
