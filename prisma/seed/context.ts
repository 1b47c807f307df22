import type { Prisma } from "~/services/db.server";
import type { Clock } from "./clock";
import type { MoneyPlan } from "./money-plan";

/** What every seeding step receives: the open transaction, the shared clock and the plan. */
export type SeedContext = {
  tx: Prisma.TransactionClient;
  clock: Clock;
  plan: MoneyPlan;
  dataDir: string;
};
