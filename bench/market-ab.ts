// `npx tsx bench/market-ab.ts`: the market bench (50 traders: hold, both confirms, settle) on two
// variants of the database, alternating round by round (bench/sql-ab.ts). MARKET_AB_A and
// MARKET_AB_B are SQL (text, or @file) applied to each round's fresh, migrated database before
// the run, e.g. a function's old and new definition. Prints settled holds a second per round and
// the medians. The concurrent market bench moves by ±15% between single runs on a two-CPU host.
import { marketUnsafeCount, runMarketBench } from "./market-bench";
import { exitWith, runSqlAb } from "./sql-ab";

const traders = Number(process.env.BENCH_TRADERS ?? 50);

exitWith(
  runSqlAb({
    prefix: "MARKET_AB",
    label: "marketab",
    unit: "settled/s",
    measure: async (url, seconds) => {
      const result = await runMarketBench(url, { traders, seconds });
      return { value: result.settledPerSecond, unsafe: marketUnsafeCount(result) };
    },
  }),
);
