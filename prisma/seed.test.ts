import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInvariants } from "~/domain/invariants/check-invariants.server";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { getPendingJournal } from "~/domain/ledger/get-pending-journal.server";
import { purchaseJournalKey } from "~/domain/investing/purchase-shares.server";
import { DEMO_PERSONAS } from "~/services/auth/google-stand-in/personas";
import { calculateTier } from "~/domain/tiers/calculate-tier";
import { Decimal } from "~/lib/money";
import { createPrismaClient, type PrismaClient } from "~/services/db.server";
import { createTestDatabase, dropTestDatabase, useTestDatabase } from "../tests/setup/test-database";
import { createClock } from "./seed/clock";
import { buildMoneyPlan } from "./seed/money-plan";
import { PROPERTIES } from "./seed/properties";
import { seedDemoData } from "./seed-data";
import { PHOTOS_DIR } from "./seed/photos-dir";
import { SOLD_PROPERTY_ID } from "./seed/write-exit";
import { DEMO_PHOTO_WIDTHS, demoPhotoVariant } from "~/lib/property-image";
import sharp from "sharp";

const db = useTestDatabase();
const dataDirs: string[] = [];
const SLOW = 180_000;

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "aangan-seed-"));
  dataDirs.push(dir);
  return dir;
}

async function rowCounts(prisma: PrismaClient): Promise<Record<string, number>> {
  const tables = await prisma.$queryRaw<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`;
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const rows = await prisma.$queryRawUnsafe<{ count: bigint }[]>(`SELECT COUNT(*) AS count FROM "${name}"`);
    counts[name] = Number(rows[0]!.count);
  }
  return counts;
}

const profileByEmail = (prisma: PrismaClient, email: string) =>
  prisma.userProfile.findUniqueOrThrow({ where: { email }, include: { wallet: true, investments: true } });

/** Real companies the demo once named (a developer, banks and their IFSC/UTR prefixes); the demo invents its own. */
const REAL_COMPANY_NAMES =
  /\b(DLF|HDFC|ICIC|SBIN?|Kotak|Axis Bank|UTIB|KKBK|State Bank|Punjab National|Canara|Bank of Baroda|Yes Bank|IndusInd|Cyber City)/i;

let dataDir: string;
let countsAfterFirstRun: Record<string, number>;

beforeAll(async () => {
  dataDir = tempDataDir();
  await seedDemoData({ databaseUrl: db.current.url, dataDir });
  countsAfterFirstRun = await rowCounts(db.current.prisma);
}, SLOW);

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe("demo money plan", () => {
  it("dates every purchase inside its property's investment window", () => {
    const plan = buildMoneyPlan();
    const clock = createClock();
    for (const event of plan.events) {
      if (event.kind !== "investment") continue;
      const window = PROPERTIES.find((p) => p.id === event.propertyId)!.window!;
      expect(-event.daysAgo, event.key).toBeGreaterThanOrEqual(window.start);
      expect(-event.daysAgo, event.key).toBeLessThanOrEqual(Math.min(window.end, 0));
      expect(clock.daysAgo(event.daysAgo).getTime()).toBeLessThan(clock.now.getTime());
    }
  });
});

describe("demo data", () => {
  it("reconciles: every wallet equals its postings and every journal balances", async () => {
    expect(await checkLedger(db.current.prisma)).toEqual([]);
    expect(countsAfterFirstRun.ledger_journals).toBeGreaterThan(50);
  });

  it("keeps every domain invariant, the ones ledger:check runs (the seed itself refuses to commit otherwise)", async () => {
    expect(await checkInvariants(db.current.prisma)).toEqual([]);
  });

  it("holds the in-progress ₹2,00,000 withdrawal's amount, as the investor's own request does", async () => {
    const large = await profileByEmail(db.current.prisma, "large@demo.aangan.in");
    const ticket = await db.current.prisma.supportTicket.findFirstOrThrow({
      where: { userId: large.id, ticketType: "withdraw_funds", status: "in_progress" },
    });
    expect(ticket.holdJournalId).not.toBeNull();
    expect(await getPendingJournal(db.current.prisma, ticket.holdJournalId!)).toMatchObject({
      kind: "withdrawal_hold",
      userId: large.id,
      amount: "200000.00",
      status: "open",
    });
    expect(large.wallet!.heldBalance.toFixed(2)).toBe("200000.00");
  });

  it("has a buyer hold in flight, made by the market: the total held by an open pending journal that ends within the hour", async () => {
    const prisma = db.current.prisma;
    const holds = await prisma.shareBuyerHold.findMany({ include: { order: true } });
    expect(holds).toHaveLength(1);
    const hold = holds[0]!;
    expect(hold.buyerId).not.toBe(hold.order.sellerId);
    expect(hold.order.heldShares).toBe(hold.shares);
    const journal = await getPendingJournal(prisma, hold.journalId!);
    expect(journal).toMatchObject({ kind: "buyer_hold", userId: hold.buyerId, amount: hold.amount.toFixed(2), status: "open" });
    expect(hold.holdExpiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(hold.holdExpiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    const wallet = await prisma.escrowBalance.findUniqueOrThrow({ where: { userId: hold.buyerId } });
    expect(wallet.heldBalance.toFixed(2)).toBe(hold.amount.toFixed(2));
  });

  it("has the spec's sample property dummy-1 exactly", async () => {
    const property = await db.current.prisma.property.findUniqueOrThrow({ where: { id: "dummy-1" } });
    expect(property.sharePrice.toFixed(2)).toBe("10000.00");
    expect(property.minimumInvestment.toFixed(2)).toBe("100000.00");
    expect(property.maximumInvestment?.toFixed(2)).toBe("1000000.00");
    expect(property.totalValue.toFixed(2)).toBe("25000000.00");
    expect(property.expectedAnnualReturn?.toFixed(1)).toBe("12.5");
    expect(property.availableShares).toBe(625);
    expect(property.totalShares).toBe(2500);
    expect(property.images.length).toBeGreaterThan(5);
  });

  it("covers every status and type across several cities", async () => {
    const properties = await db.current.prisma.property.findMany();
    expect(properties.length).toBeGreaterThanOrEqual(12);
    expect(new Set(properties.map((p) => p.propertyStatus))).toEqual(new Set(["draft", "upcoming", "open", "funded", "closed"]));
    expect(new Set(properties.map((p) => p.propertyType))).toEqual(
      new Set(["residential", "commercial", "mixed", "industrial", "villa", "apartment", "office", "retail"]),
    );
    expect(new Set(properties.map((p) => p.city)).size).toBeGreaterThanOrEqual(4);
    expect(properties.filter((p) => p.featured).length).toBeGreaterThanOrEqual(2);
    expect(properties.some((p) => p.sharesSellable)).toBe(true);
  });

  it("backs every property's funding state with confirmed investments", async () => {
    const prisma = db.current.prisma;
    const properties = await prisma.property.findMany();
    const sums = await prisma.investment.groupBy({
      by: ["propertyId"],
      where: { investmentStatus: "confirmed" },
      _sum: { sharesOwned: true, totalInvestment: true },
    });
    // The sold property's investments were completed by its sale (ADR 0071); they, and only they, back its funding.
    const sold = await prisma.investment.groupBy({
      by: ["propertyId"],
      where: { propertyId: SOLD_PROPERTY_ID },
      _sum: { sharesOwned: true, totalInvestment: true },
    });
    expect(await prisma.investment.count({ where: { propertyId: SOLD_PROPERTY_ID, investmentStatus: { not: "completed" } } })).toBe(0);
    for (const property of properties) {
      const sum = (property.id === SOLD_PROPERTY_ID ? sold : sums).find((row) => row.propertyId === property.id)?._sum;
      expect(property.totalShares - property.availableShares, property.id).toBe(sum?.sharesOwned ?? 0);
      expect(property.fundedAmount.toFixed(2), property.id).toBe(new Decimal(sum?.totalInvestment?.toString() ?? 0).toFixed(2));
      expect(
        new Decimal(property.totalValue.toString()).equals(new Decimal(property.sharePrice.toString()).times(property.totalShares)),
      ).toBe(true);
      if (property.propertyStatus === "funded") expect(property.availableShares, property.id).toBe(0);
    }
  });

  it("buys every seeded share through purchase_shares, dated on the plan's day", async () => {
    const prisma = db.current.prisma;
    const purchases = await prisma.transaction.findMany({ where: { transactionType: "investment" }, include: { journal: true } });
    const planned = buildMoneyPlan().events.filter((e) => e.kind === "investment");
    expect(purchases).toHaveLength(planned.length);
    for (const purchase of purchases) {
      // The purchase scopes its journal's key to the buyer; a journal the seed posted itself would not.
      expect(purchase.journal!.idempotencyKey).toBe(purchaseJournalKey(purchase.userId, purchase.idempotencyKey!));
      expect(purchase.journal!.createdAt.getTime()).toBe(purchase.createdAt.getTime());
    }
    const alerts = await prisma.userAlert.count({ where: { alertType: "investment_success" } });
    expect(alerts).toBe(planned.length);
  });

  it("writes positions that match the investments", async () => {
    const prisma = db.current.prisma;
    const positions = await prisma.userPropertyPosition.findMany();
    const sums = await prisma.investment.groupBy({ by: ["userId", "propertyId"], _sum: { sharesOwned: true, totalInvestment: true } });
    expect(positions).toHaveLength(sums.length);
    for (const position of positions) {
      const sum = sums.find((row) => row.userId === position.userId && row.propertyId === position.propertyId)!._sum;
      // The sold property's positions are closed: no shares, no cost, the gain realised (ADR 0071).
      if (position.propertyId === SOLD_PROPERTY_ID) {
        expect([position.shares, position.costBasis.toFixed(2)]).toEqual([0, "0.00"]);
        expect(position.realisedProfit.toFixed(2)).toBe(new Decimal("1876").times(sum.sharesOwned!).toFixed(2));
        continue;
      }
      expect(position.shares).toBe(sum.sharesOwned);
      expect(position.costBasis.toFixed(2)).toBe(sum.totalInvestment!.toFixed(2));
    }
  });

  it("sells Indiranagar Residences through the real four-eyes flow: every holder paid ₹15,876 a share in one journal, the rest its remainder", async () => {
    const prisma = db.current.prisma;
    const exit = await prisma.propertyExit.findFirstOrThrow({ where: { propertyId: SOLD_PROPERTY_ID } });
    expect([exit.status, exit.perShareAmount?.toFixed(4), exit.proposedBy === exit.approvedBy]).toEqual(["completed", "15876.0000", false]);
    const approvals = await prisma.moneyApproval.findMany({ where: { targetId: exit.id }, orderBy: { kind: "asc" } });
    expect(approvals.map((a) => [a.kind, a.status, a.decidedBy === a.requestedBy])).toEqual([
      ["exit_complete", "approved", false],
      ["exit_propose", "approved", false],
    ]);
    const payouts = await prisma.transaction.findMany({ where: { referenceId: exit.id, transactionType: "exit_payout" } });
    const held = await prisma.investment.groupBy({ by: ["userId"], where: { propertyId: SOLD_PROPERTY_ID }, _sum: { sharesOwned: true } });
    expect(payouts.length).toBe(held.length);
    for (const payout of payouts) {
      const shares = held.find((h) => h.userId === payout.userId)!._sum.sharesOwned!;
      expect([payout.shares, payout.amount.toFixed(2), payout.journalId]).toEqual([
        shares,
        new Decimal("15876").times(shares).toFixed(2),
        exit.paymentJournalId,
      ]);
    }
    const paid = payouts.reduce((sum, p) => sum.plus(p.amount), new Decimal(0));
    expect([paid.toFixed(2), exit.paidAmount?.toFixed(2), paid.plus(exit.remainderAmount!).toFixed(2)]).toEqual([
      "28894320.00",
      "28894320.00",
      "31752000.00",
    ]);
    const property = await prisma.property.findUniqueOrThrow({ where: { id: SOLD_PROPERTY_ID } });
    expect([property.propertyStatus, property.sharesSellable]).toEqual(["closed", false]);
  });

  it("stores tiers that agree with the tier rule, and a wallet for every profile", async () => {
    const profiles = await db.current.prisma.userProfile.findMany({ include: { wallet: true, investments: true } });
    expect(profiles.length).toBeGreaterThanOrEqual(7);
    for (const profile of profiles) {
      const expected = calculateTier({
        subscriptionActive: profile.subscriptionActive,
        confirmedInvestmentShares: profile.investments.filter((i) => i.investmentStatus === "confirmed").map((i) => i.sharesOwned),
      });
      expect(profile.tier, profile.email).toBe(expected);
      expect(profile.wallet, profile.email).not.toBeNull();
      expect(profile.email).toBe(profile.email.toLowerCase());
    }
  });

  it("records each persona's state as the GST state code KYC stores, so receipts pick the right heads", async () => {
    const profiles = await db.current.prisma.userProfile.findMany({
      where: { state: { not: null } },
      select: { email: true, stateCode: true },
    });
    expect(profiles.length).toBeGreaterThan(0);
    for (const profile of profiles) expect(profile.stateCode, profile.email).toMatch(/^\d{2}$/);
  });

  it("creates every persona the Google stand-in offers on its consent page", async () => {
    const offered = DEMO_PERSONAS.map((persona) => persona.email);
    const seeded = await db.current.prisma.userProfile.findMany({ where: { email: { in: offered } }, select: { email: true } });
    expect(seeded.map((profile) => profile.email).sort()).toEqual([...offered].sort());
  });

  it("gives each persona the state its name promises", async () => {
    const prisma = db.current.prisma;
    const now = Date.now();
    const explorer = await profileByEmail(prisma, "explorer@demo.aangan.in");
    expect(explorer).toMatchObject({ tier: "explorer", subscriptionActive: false, kycStatus: "pending" });
    const daysLeft = (explorer.trialExpiresAt.getTime() - now) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(13);
    expect(daysLeft).toBeLessThanOrEqual(14);

    const expired = await profileByEmail(prisma, "expired@demo.aangan.in");
    expect(expired.subscriptionActive).toBe(false);
    expect(expired.trialExpiresAt.getTime()).toBeLessThan(now);

    const waitlist = await profileByEmail(prisma, "waitlist@demo.aangan.in");
    expect(waitlist).toMatchObject({ tier: "waitlist_player", subscriptionActive: true, kycStatus: "approved" });
    expect(waitlist.wallet!.availableBalance.greaterThan(0)).toBe(true);
    expect(waitlist.investments).toHaveLength(0);

    const small = await profileByEmail(prisma, "small@demo.aangan.in");
    expect(small).toMatchObject({ tier: "small_investor", kycStatus: "approved" });
    expect(small.investments.length).toBeGreaterThan(2);
    expect(small.investments.every((i) => i.sharesOwned === 1)).toBe(true);

    const large = await profileByEmail(prisma, "large@demo.aangan.in");
    expect(large).toMatchObject({ tier: "large_investor", kycStatus: "approved" });
    expect(large.investments.some((i) => i.sharesOwned > 1)).toBe(true);

    const admin = await profileByEmail(prisma, "admin@demo.aangan.in");
    expect(admin).toMatchObject({ isAdmin: true, subscriptionActive: true, kycStatus: "approved" });
  });

  it("gives two properties enough watchlist notes for a meaningful notes analysis", async () => {
    const prisma = db.current.prisma;
    for (const propertyId of ["dummy-1", "chakan-logistics-park"]) {
      const notes = (await prisma.watchlistEntry.findMany({ where: { propertyId, notes: { not: null } } })).map((w) => w.notes!);
      expect(notes.length).toBeGreaterThanOrEqual(5);
      expect(notes.some((text) => /\p{Extended_Pictographic}/u.test(text))).toBe(true);
      expect(notes.some((text) => /\b(accha|badiya|mehenga)\b/i.test(text))).toBe(true);
    }
  });

  it("gives the investors a year of linked history, watchlist notes and alerts", async () => {
    const prisma = db.current.prisma;
    for (const email of ["small@demo.aangan.in", "large@demo.aangan.in"]) {
      const user = await profileByEmail(prisma, email);
      const transactions = await prisma.transaction.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
      // A deposit's ₹10 processing fee is its own row (ADR 0006), as the admin's resolution writes it.
      expect(new Set(transactions.map((t) => t.transactionType))).toEqual(
        new Set(["deposit", "fee", "investment", "dividend", "withdrawal"]),
      );
      const spanDays = (transactions.at(-1)!.createdAt.getTime() - transactions[0]!.createdAt.getTime()) / 86_400_000;
      expect(spanDays).toBeGreaterThan(330);
      expect(transactions.every((t) => t.journalId !== null && t.amount.greaterThan(0) && t.status === "completed")).toBe(true);
      for (const row of transactions.filter((t) => t.transactionType === "investment")) {
        expect(row.shares).toBeGreaterThan(0);
        expect(row.fee.toFixed(2)).toBe(row.amount.times("0.02").toFixed(2));
        expect(row.amount.toFixed(2)).toBe(row.pricePerShare!.times(row.shares!).toFixed(2));
      }
      const linked = new Set(transactions.map((t) => t.id));
      expect(user.investments.every((i) => i.investmentStatus === "confirmed" && linked.has(i.transactionId!))).toBe(true);

      const watchlist = await prisma.watchlistEntry.findMany({ where: { userId: user.id } });
      expect(watchlist.filter((w) => w.notes).length).toBeGreaterThan(1);
      expect(watchlist.every((w) => (w.notes ?? "").length <= 500)).toBe(true);
      const alerts = await prisma.userAlert.findMany({ where: { userId: user.id } });
      expect(alerts.some((a) => a.isRead)).toBe(true);
      expect(alerts.some((a) => !a.isRead)).toBe(true);
      expect(await prisma.propertyEngagement.count({ where: { userId: user.id } })).toBeGreaterThan(0);
      expect(await prisma.userEvent.count({ where: { userId: user.id } })).toBeGreaterThan(0);
    }
  });

  it("moves every deposit, withdrawal and rent payout through a resolved fund request or a paid distribution", async () => {
    const prisma = db.current.prisma;
    const cash = await prisma.transaction.findMany({ where: { transactionType: { in: ["deposit", "withdrawal", "fee"] } } });
    expect(cash.length).toBeGreaterThan(20);
    const tickets = new Map(
      (await prisma.supportTicket.findMany({ where: { id: { in: cash.map((t) => t.referenceId!).filter(Boolean) } } })).map((t) => [
        t.id,
        t,
      ]),
    );
    for (const row of cash) {
      const ticket = tickets.get(row.referenceId ?? "");
      expect(ticket, `${row.transactionType} ${row.id} has no fund request`).toBeDefined();
      expect(ticket!.status, row.id).toBe("resolved");
      expect(ticket!.ticketType).toBe(row.transactionType === "withdrawal" ? "withdraw_funds" : "add_funds");
      if (row.transactionType === "fee") expect(row.amount.toFixed(2)).toBe("10.00");
      else expect(ticket!.resolutionJournalId).toBe(row.journalId);
      // Dated on the request's day, not the moment of seeding.
      expect(row.createdAt.getTime()).toBeGreaterThan(ticket!.createdAt.getTime());
      expect(row.createdAt.getTime() - ticket!.createdAt.getTime()).toBeLessThan(86_400_000);
    }
    // Every completed withdrawal was paid from its hold.
    for (const ticket of tickets.values()) {
      if (ticket.ticketType === "withdraw_funds") expect(ticket.holdJournalId).not.toBeNull();
    }

    const dividends = await prisma.transaction.findMany({ where: { transactionType: "dividend" } });
    const distributions = new Map((await prisma.propertyDistribution.findMany()).map((d) => [d.id, d]));
    expect(dividends.length).toBeGreaterThan(10);
    for (const row of dividends) {
      const distribution = distributions.get(row.referenceId ?? "");
      expect(distribution, `dividend ${row.id} has no distribution`).toBeDefined();
      expect(distribution!.status).toBe("paid");
      expect(distribution!.propertyId).toBe(row.propertyId);
      // The row is what reached the wallet: the gross (per share × shares) less the TDS withheld (ADR 0065).
      const withheld = await prisma.tdsWithholding.findUniqueOrThrow({
        where: { distributionId_userId: { distributionId: row.referenceId!, userId: row.userId } },
      });
      expect(withheld.gross.toFixed(2)).toBe(distribution!.perShareAmount!.times(row.shares!).toFixed(2));
      expect(row.amount.toFixed(2)).toBe(withheld.net.toFixed(2));
    }
    // Each distribution paid every holder it counted, the showcase investors among them.
    for (const distribution of distributions.values()) {
      const paid = dividends.filter((d) => d.referenceId === distribution.id);
      expect(paid.length).toBe(distribution.holderCount);
    }
    const small = await profileByEmail(prisma, "small@demo.aangan.in");
    expect(dividends.filter((d) => d.userId === small.id)).toHaveLength(4);
  });

  it("lists active sell requests within the sellers' holdings on resale-enabled properties", async () => {
    const prisma = db.current.prisma;
    const active = await prisma.shareSellRequest.findMany({ where: { status: "active" }, include: { property: true, seller: true } });
    const personas = active.filter((r) => ["small@demo.aangan.in", "large@demo.aangan.in"].includes(r.seller.email));
    expect(personas.length).toBeGreaterThanOrEqual(2);
    const now = Date.now();
    for (const request of active) {
      expect(request.property.sharesSellable).toBe(true);
      expect(request.remainingShares).toBeLessThanOrEqual(request.sharesToSell);
      expect(request.expiresAt.getTime()).toBeGreaterThan(now);
      expect(request.expiresAt.getTime()).toBeLessThanOrEqual(now + 30 * 86_400_000);
      const position = await prisma.userPropertyPosition.findUniqueOrThrow({
        where: { userId_propertyId: { userId: request.sellerId, propertyId: request.propertyId } },
      });
      expect(request.sharesToSell).toBeLessThanOrEqual(position.shares);
      // Listed shares are committed on the position, so the seller cannot list them twice.
      expect(position.committedShares).toBeGreaterThanOrEqual(request.remainingShares);
    }
    expect(active.some((r) => r.expiresAt.getTime() <= now + 7 * 86_400_000)).toBe(true);
  });

  it("lists every order through the market's own createSellRequest, and commits exactly the active orders' unsold shares", async () => {
    const prisma = db.current.prisma;
    const orders = await prisma.shareSellRequest.findMany();
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(["active", "cancelled", "expired"]));
    // The market scopes every order's idempotency key to its seller; a row written beside it has none.
    for (const order of orders) expect(order.idempotencyKey, order.id).toMatch(new RegExp(`^${order.sellerId}:seed:sell-request:`));
    const positions = await prisma.userPropertyPosition.findMany({ where: { committedShares: { gt: 0 } } });
    const listed = new Map<string, number>();
    for (const order of orders.filter((o) => o.status === "active")) {
      const key = `${order.sellerId}/${order.propertyId}`;
      listed.set(key, (listed.get(key) ?? 0) + order.remainingShares);
    }
    expect(new Map(positions.map((p) => [`${p.userId}/${p.propertyId}`, p.committedShares]))).toEqual(listed);
  });

  it("has a KYC submission under review whose files are private and present", async () => {
    const prisma = db.current.prisma;
    const user = await prisma.userProfile.findUniqueOrThrow({
      where: { email: "kyc-pending@demo.aangan.in" },
      include: { kycDocuments: true },
    });
    expect(user.kycStatus).toBe("under_review");
    expect(user.kycSubmittedAt).not.toBeNull();
    expect(user.fullName && user.dateOfBirth && user.address && user.postalCode && user.phone).toBeTruthy();
    expect(new Set(user.kycDocuments.map((d) => d.documentType))).toEqual(new Set(["pan_card", "aadhaar_front", "aadhaar_back", "selfie"]));
    expect(user.kycDocuments.some((d) => (d.metadata as Record<string, unknown>).ifsc_code)).toBe(true);
    for (const document of user.kycDocuments) {
      const file = path.join(dataDir, "uploads/private", document.storageKey);
      expect(existsSync(file), file).toBe(true);
      expect(file.startsWith(path.join(dataDir, "uploads/private", "kyc", user.id))).toBe(true);
      expect(existsSync(path.join(dataDir, "uploads/public", document.storageKey))).toBe(false);
    }
  });

  it("opens support tickets for the admin queue", async () => {
    const tickets = await db.current.prisma.supportTicket.findMany({ include: { user: true } });
    const addFunds = tickets.filter((t) => t.ticketType === "add_funds" && t.status === "open");
    expect(addFunds.length).toBeGreaterThan(0);
    for (const ticket of addFunds) {
      expect(ticket.amount!.greaterThanOrEqualTo(1000)).toBe(true);
      expect(Object.keys(ticket.userContactInfo as object).sort()).toEqual([
        "current_balance",
        "email",
        "name",
        "phone",
        "request_type",
        "requested_amount",
      ]);
    }
    expect(tickets.some((t) => t.ticketType === "withdraw_funds" && t.status === "in_progress")).toBe(true);
    expect(tickets.some((t) => t.ticketType === "subscription_request" && t.user.email === "explorer@demo.aangan.in")).toBe(true);
  });

  it("names no real developer or bank anywhere in the seeded rows", async () => {
    const prisma = db.current.prisma;
    const tables = await prisma.$queryRaw<{ name: string }[]>`
      SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`;
    const found: string[] = [];
    for (const { name } of tables) {
      const rows = await prisma.$queryRawUnsafe<{ row: string }[]>(`SELECT row_to_json(t)::text AS row FROM "${name}" t`);
      for (const { row } of rows) {
        const match = REAL_COMPANY_NAMES.exec(row);
        if (match) found.push(`${name}: ${match[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("has demo property documents as real private PDFs: public title and valuation reports, an admins-only lease summary", async () => {
    const documents = await db.current.prisma.propertyDocument.findMany({
      where: { propertyId: "dummy-1" },
      orderBy: { documentName: "asc" },
    });
    expect(documents.map((d) => [d.documentName, d.isPublic])).toEqual([
      ["Lease Summary", false],
      ["Title Report", true],
      ["Valuation Report", true],
    ]);
    for (const document of documents) {
      const file = path.join(dataDir, "uploads/private", document.storageKey);
      expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
      expect(document).toMatchObject({ mimeType: "application/pdf", fileSize: readFileSync(file).length });
    }
  });

  it("has an image file on disk for every property image", async () => {
    const properties = await db.current.prisma.property.findMany({ select: { images: true } });
    for (const url of properties.flatMap((p) => p.images)) {
      expect(url.startsWith("/media/properties/")).toBe(true);
      expect(existsSync(path.join(dataDir, "uploads/public", url.slice("/media/".length))), url).toBe(true);
    }
  });

  it("uses the committed photographs, one distinct picture per image, photo-sized", async () => {
    const properties = await db.current.prisma.property.findMany({ select: { images: true } });
    const urls = properties.flatMap((p) => p.images);
    const contents = new Set<string>();
    for (const url of urls) {
      const name = path.basename(url);
      const seeded = readFileSync(path.join(dataDir, "uploads/public/properties", name));
      expect(seeded.equals(readFileSync(path.join(PHOTOS_DIR, name))), name).toBe(true);
      contents.add(seeded.toString("base64"));
    }
    // No two listings share a picture, so the catalogue does not repeat one skyline.
    expect(contents.size).toBe(urls.length);
    const hero = await sharp(path.join(PHOTOS_DIR, path.basename(urls[0]!))).metadata();
    expect(hero).toMatchObject({ format: "webp", width: 1200, height: 800 });
  });

  it("puts every srcset copy of every photograph on disk, at its width and smaller than the original", async () => {
    const properties = await db.current.prisma.property.findMany({ select: { images: true } });
    for (const url of properties.flatMap((p) => p.images)) {
      const original = readFileSync(path.join(dataDir, "uploads/public", url.slice("/media/".length)));
      let previousBytes = 0;
      for (const width of DEMO_PHOTO_WIDTHS) {
        const variantUrl = demoPhotoVariant(url, width);
        const seeded = readFileSync(path.join(dataDir, "uploads/public", variantUrl.slice("/media/".length)));
        expect(seeded.equals(readFileSync(path.join(PHOTOS_DIR, path.basename(variantUrl)))), variantUrl).toBe(true);
        expect(await sharp(seeded).metadata(), variantUrl).toMatchObject({ format: "webp", width, height: (width * 2) / 3 });
        expect(seeded.length, variantUrl).toBeGreaterThan(previousBytes);
        expect(seeded.length, variantUrl).toBeLessThan(original.length);
        previousBytes = seeded.length;
      }
    }
  });

  it(
    "adds nothing when run again",
    async () => {
      await seedDemoData({ databaseUrl: db.current.url, dataDir });
      expect(await rowCounts(db.current.prisma)).toEqual(countsAfterFirstRun);
      expect(await checkLedger(db.current.prisma)).toEqual([]);
    },
    SLOW,
  );

  it(
    "seeds once when two processes start seeding a fresh database together",
    async () => {
      const fresh = await createTestDatabase();
      const prisma = createPrismaClient(fresh.url);
      try {
        const sharedDir = tempDataDir();
        await Promise.all([
          seedDemoData({ databaseUrl: fresh.url, dataDir: sharedDir }),
          seedDemoData({ databaseUrl: fresh.url, dataDir: sharedDir }),
        ]);
        expect(await rowCounts(prisma)).toEqual(countsAfterFirstRun);
        expect(await checkLedger(prisma)).toEqual([]);
      } finally {
        await prisma.$disconnect();
        await dropTestDatabase(fresh.name);
      }
    },
    SLOW,
  );
});
