// `npx tsx scripts/simulate-plan-year.ts`: a year of monthly plan runs on a fake clock (ADR 0072),
// for one investor with a weighted basket on the 31st and rent reinvestment, on a throwaway
// database (SIM_ADMIN_URL, default postgresql://root@127.0.0.1:5432/postgres). Every money
// movement goes through the domain's own commands; it prints each run, each reinvestment and
// the ledger check (the one `npm run ledger:check` runs). Exit 1 when the ledger check fails.
// The throwaway database has no job queue, so the mails are not queued: run it with LOG_LEVEL=error
// to keep those warnings out of the table.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { declareDistribution, payDueDistributions } from "~/domain/distributions/distributions.server";
import { checkInvariants } from "~/domain/invariants/check-invariants.server";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { platformCash, userAvailable } from "~/domain/ledger/accounts.server";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { createPlan } from "~/domain/plans/plans.server";
import { turnOnReinvestment } from "~/domain/plans/reinvest.server";
import { runDuePlans } from "~/domain/plans/run-plans.server";
import { Decimal, formatINR } from "~/lib/money";
import { createPrismaClient, type PrismaClient } from "~/services/db.server";
import { migrateDatabase } from "~/services/migrate.server";

const ADMIN_URL = process.env.SIM_ADMIN_URL ?? "postgresql://root@127.0.0.1:5432/postgres";
const DAY_MS = 86_400_000;
// Noon IST of an Indian date: the fake clock's tick.
const noonIst = (date: string) => new Date(`${date}T06:30:00Z`);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

async function arrange(prisma: PrismaClient) {
  const property = (title: string, sharePrice: string, propertyType: "residential" | "commercial") =>
    prisma.property.create({
      data: {
        title,
        city: "Pune",
        propertyType,
        propertyStatus: "open",
        totalValue: new Decimal(sharePrice).times(5000).toFixed(2),
        fundingGoal: new Decimal(sharePrice).times(5000).toFixed(2),
        sharePrice,
        totalShares: 5000,
        availableShares: 5000,
        minimumInvestment: sharePrice,
        expectedAnnualReturn: "8.50",
      },
    });
  const orchard = await property("Orchard Row Homes", "750", "residential");
  const harbour = await property("Harbour Point Offices", "1200", "commercial");
  const investor = await prisma.userProfile.create({
    data: {
      email: "meera.sim@example.in",
      fullName: "Meera Simulation",
      tier: "small_investor",
      subscriptionActive: true,
      kycStatus: "approved",
      trialExpiresAt: new Date(Date.now() + 14 * DAY_MS),
      wallet: { create: {} },
    },
  });
  const admin = await prisma.userProfile.create({
    data: {
      email: "ops.sim@example.in",
      fullName: "Ops Simulation",
      isAdmin: true,
      adminSince: new Date(Date.now() - 30 * DAY_MS),
      trialExpiresAt: new Date(),
      wallet: { create: {} },
    },
  });
  await prisma.$transaction((tx) =>
    postJournal(tx, {
      kind: "deposit",
      description: "Savings added for the simulation",
      postings: [
        { account: userAvailable(investor.id), amount: "150000.00" },
        { account: platformCash, amount: "-150000.00" },
      ],
    }),
  );
  // Holdings before the year starts, so rent arrives from the first quarter.
  await purchaseShares(prisma, { userId: investor.id, propertyId: orchard.id, shares: 20, idempotencyKey: "sim-start-orchard" });
  await purchaseShares(prisma, { userId: investor.id, propertyId: harbour.id, shares: 10, idempotencyKey: "sim-start-harbour" });
  const { planId } = await createPlan(prisma, investor.id, {
    amount: new Decimal("12000"),
    dayOfMonth: 31,
    startDate: "2027-01-01",
    endDate: null,
    target: {
      kind: "basket",
      items: [
        { propertyId: orchard.id, weight: 1 },
        { propertyId: harbour.id, weight: 2 },
      ],
    },
  });
  await turnOnReinvestment(prisma, investor.id, { propertyId: null, fallbackPlanId: planId });
  return { orchard, harbour, investor, admin, planId };
}

async function main(): Promise<number> {
  const name = `aangan_sim_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  await migrateDatabase(url.toString());
  const prisma = createPrismaClient(url.toString());
  try {
    const { orchard, harbour, investor, admin: ops, planId } = await arrange(prisma);
    console.log(
      `Plan: ₹12,000 on the 31st into Orchard Row Homes (1) and Harbour Point Offices (2); rent reinvested, fallback the basket.\n`,
    );
    for (let month = 1; month <= 12; month += 1) {
      const period = `2027-${String(month).padStart(2, "0")}`;
      // Every day of the month, as the hourly schedule would see it.
      for (let day = 1; day <= 31; day += 1) {
        const date = `${period}-${String(day).padStart(2, "0")}`;
        if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || !noonIst(date).toISOString().startsWith(date)) continue;
        // Quarterly rent: declared on the 10th of the quarter's last month, paid the next day.
        if (month % 3 === 0 && day === 10) {
          for (const property of [orchard, harbour]) {
            await declareDistribution(prisma, {
              adminId: ops.id,
              propertyId: property.id,
              basis: "per_share",
              amount: property.id === orchard.id ? "16.00" : "26.00",
              recordDate: addDays(date, -1),
              paymentDate: addDays(date, 1),
              note: `Rent for the quarter to ${period}`,
            });
          }
        }
        if (month % 3 === 0 && day === 11) await payDueDistributions(prisma, noonIst(date));
        // Harbour Point closes its raise for August (a run that cannot buy there), and reopens.
        if (period === "2027-08" && day === 1)
          await prisma.property.update({ where: { id: harbour.id }, data: { propertyStatus: "closed" } });
        if (period === "2027-09" && day === 1)
          await prisma.property.update({ where: { id: harbour.id }, data: { propertyStatus: "open" } });
        await runDuePlans(prisma, noonIst(date));
      }
    }
    const runs = await prisma.investmentPlanRun.findMany({ where: { planId }, orderBy: { period: "asc" } });
    console.log("period   due date    status     spent        reason");
    for (const run of runs) {
      const lines = (run.lines as { title: string; shares: number }[])
        .map((l) => `${l.shares}×${l.title.split(" ")[0]}`)
        .sort()
        .join(" ");
      console.log(
        `${run.period}  ${run.dueDate.toISOString().slice(0, 10)}  ${run.status.padEnd(9)}  ${formatINR(run.spent, { paise: true }).padStart(11)}  ${run.reason ?? "-"}  ${lines}`,
      );
    }
    const reinvestments = await prisma.reinvestment.findMany({
      where: { userId: investor.id },
      orderBy: { createdAt: "asc" },
      include: { distribution: { select: { paidAt: true, property: { select: { title: true } } } } },
    });
    console.log("\nrent reinvested (net of TDS)");
    for (const r of reinvestments) {
      const lines = (r.lines as { title: string; shares: number }[])
        .map((l) => `${l.shares}×${l.title.split(" ")[0]}`)
        .sort()
        .join(" ");
      console.log(
        `${r.distribution.paidAt?.toISOString().slice(0, 10)}  ${r.distribution.property.title.padEnd(22)} net ${formatINR(r.netAmount, { paise: true }).padStart(9)}  spent ${formatINR(r.spent, { paise: true }).padStart(9)}  ${r.status}${r.reason ? ` (${r.reason})` : ""}  ${lines}`,
      );
    }
    const wallet = await prisma.escrowBalance.findUniqueOrThrow({ where: { userId: investor.id } });
    const positions = await prisma.userPropertyPosition.findMany({
      where: { userId: investor.id },
      include: { property: { select: { title: true } } },
    });
    console.log(
      `\nwallet left: ${formatINR(wallet.availableBalance, { paise: true })}; holdings: ${positions.map((p) => `${p.shares} ${p.property.title}`).join(", ")}`,
    );
    const problems = await checkInvariants(prisma);
    if (problems.length === 0) {
      console.log(
        "ledger:check OK: every wallet equals its postings, every journal balances, held balances equal the open pending journals",
      );
      return 0;
    }
    for (const { check, subject, problem } of problems) console.error(`[${check}] ${subject}: ${problem}`);
    console.error(`ledger:check FAILED: ${problems.length} problem(s)`);
    return 1;
  } finally {
    await prisma.$disconnect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
