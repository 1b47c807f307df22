// `npx tsx scripts/simulate-plan-year.ts`: a year of monthly plan runs on a fake clock (ADR 0072),
// for one investor with a weighted basket on the 31st and rent reinvestment, and a second whose
// plan into every open residential property is paid by UPI AutoPay (ADR 0077) against the Razorpay
// stand-in served here on loopback, its webhooks delivered to the app's own handler, on a throwaway
// database (SIM_ADMIN_URL, default postgresql://root@127.0.0.1:5432/postgres). Every money
// movement goes through the domain's own commands; it prints each run, each reinvestment and
// the ledger check (the one `npm run ledger:check` runs). Exit 1 when the ledger check fails.
// The throwaway database has no job queue, so the mails are not queued: run it with LOG_LEVEL=error
// to keep those warnings out of the table.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { once } from "node:events";
import pg from "pg";
import { receiveGatewayWebhook } from "~/domain/payments/webhook-inbox.server";
import { startMandate, completeMandateReturn } from "~/domain/plans/plan-mandates.server";
import { reloadEnv } from "~/services/env.server";
import { paymentGateway } from "~/services/payments/gateway-config.server";
import { razorpayStandIn } from "~/services/payments/razorpay-stand-in.server";
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
  // Every open residential property, split by what is left for sale in each (ADR 0077).
  await property("Lakeview Residences", "900", "residential");
  const saver = await prisma.userProfile.create({
    data: {
      email: "arjun.sim@example.in",
      fullName: "Arjun Simulation",
      tier: "small_investor",
      subscriptionActive: true,
      kycStatus: "approved",
      trialExpiresAt: new Date(Date.now() + 14 * DAY_MS),
      wallet: { create: {} },
    },
  });
  const { planId: autopayPlanId } = await createPlan(prisma, saver.id, {
    amount: new Decimal("8000"),
    dayOfMonth: 5,
    startDate: "2027-01-01",
    endDate: null,
    target: { kind: "type", propertyType: "residential" },
  });
  return { orchard, harbour, investor, admin, planId, saver, autopayPlanId };
}

const KEYS = { keyId: "rzp_test_simulation", keySecret: "simulation-key-secret", webhookSecret: "simulation-webhook-secret" };

async function listen(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

/**
 * The Razorpay stand-in on loopback, and a webhook receiver that hands each delivery to the
 * app's own webhook handling, as /webhooks/razorpay does; the script's gateway speaks to it.
 */
async function startPayments(prisma: PrismaClient) {
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const gateway = paymentGateway()!;
      receiveGatewayWebhook(prisma, gateway, {
        rawBody: Buffer.concat(chunks).toString("utf8"),
        signature: String(req.headers["x-razorpay-signature"] ?? ""),
        eventId: String(req.headers["x-razorpay-event-id"] ?? ""),
        maxAgeHours: 48,
      }).then(
        (answer) => res.writeHead(answer.status).end(),
        () => res.writeHead(500).end(),
      );
    });
  });
  const webhookUrl = `${await listen(receiver)}/webhooks/razorpay`;
  const handle = razorpayStandIn({ ...KEYS, webhookUrl, pendingMs: 100 });
  const standIn = createServer((req, res) => void handle(req, res).catch(() => res.end()));
  const standInUrl = await listen(standIn);
  Object.assign(process.env, {
    PAYMENTS_PROVIDER: "razorpay",
    RAZORPAY_BASE_URL: standInUrl,
    RAZORPAY_KEY_ID: KEYS.keyId,
    RAZORPAY_KEY_SECRET: KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
  });
  reloadEnv();
  const control = async (path: string, body: object) => {
    const response = await fetch(`${standInUrl}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, string>;
  };
  return { control, close: () => (receiver.close(), standIn.close()) };
}

/** The bank answers a debit by webhook: wait (bounded) until no run is still waiting for one. */
async function debitsSettled(prisma: PrismaClient) {
  for (let i = 0; i < 200; i++) {
    if ((await prisma.investmentPlanRun.count({ where: { status: { in: ["awaiting_debit", "funded", "running"] } } })) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
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
    const { orchard, harbour, investor, admin: ops, planId, saver, autopayPlanId } = await arrange(prisma);
    const payments = await startPayments(prisma);
    // Arjun approves UPI AutoPay in his UPI app (the stand-in's approval), and comes back.
    await startMandate(prisma, paymentGateway()!, { userId: saver.id, planId: autopayPlanId });
    const pending = await prisma.planMandate.findFirstOrThrow({ where: { planId: autopayPlanId } });
    const approved = await payments.control("/_stand-in/mandate", { order_id: pending.authOrderId!, approve: true });
    await completeMandateReturn(prisma, paymentGateway()!, {
      orderId: approved.order_id!,
      paymentId: approved.payment_id!,
      signature: approved.signature!,
    });
    console.log(
      `Plan: ₹12,000 on the 31st into Orchard Row Homes (1) and Harbour Point Offices (2); rent reinvested, fallback the basket.`,
    );
    console.log(`Plan: ₹8,000 on the 5th into every open residential property, paid by UPI AutoPay (June's debit is refused).\n`);
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
        // Arjun's account is short in June: the bank refuses that debit.
        if (date === "2027-06-01" || date === "2027-07-01")
          await payments.control("/_stand-in/token-debits", {
            token_id: approved.token_id!,
            debits: period === "2027-06" ? "failure" : "success",
          });
        await runDuePlans(prisma, noonIst(date));
        await debitsSettled(prisma);
      }
    }
    payments.close();
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
    const autopayRuns = await prisma.investmentPlanRun.findMany({
      where: { planId: autopayPlanId },
      orderBy: { period: "asc" },
      include: { debit: { select: { status: true, failureReason: true } } },
    });
    console.log("\nUPI AutoPay plan: period, debit, run, spent, reason");
    for (const run of autopayRuns) {
      const lines = (run.lines as { title: string; shares: number }[])
        .map((l) => `${l.shares}×${l.title.split(" ")[0]}`)
        .sort()
        .join(" ");
      console.log(
        `${run.period}  debit ${(run.debit?.status ?? "-").padEnd(6)}  ${run.status.padEnd(9)}  ${formatINR(run.spent, { paise: true }).padStart(11)}  ${run.reason ?? "-"}  ${lines}`,
      );
    }
    const saverWallet = await prisma.escrowBalance.findUniqueOrThrow({ where: { userId: saver.id } });
    console.log(`Arjun's wallet left: ${formatINR(saverWallet.availableBalance, { paise: true })}`);
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
