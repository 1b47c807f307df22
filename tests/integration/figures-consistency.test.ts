import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseShares } from "../../app/domain/investing/purchase-shares.server";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { instantBuyShares } from "../../app/domain/market/settle-trades.server";
import { placeBuyOrder } from "../../app/domain/market/buy-orders.server";
import { buyOrderHold } from "../../app/domain/market/matching.server";
import { declareDistribution, payDueDistributions } from "../../app/domain/distributions/distributions.server";
import { requestDeposit, requestWithdrawal, ticketReference } from "../../app/domain/wallet/request-funds.server";
import { applyGatewayPaymentIn, toPaise } from "../../app/domain/payments/gateway-deposits.server";
import { applyPayoutIn, queuePayoutIn } from "../../app/domain/payouts/payouts.server";
import { depositCredit } from "../../app/domain/wallet/fund-request-rules";
import { Decimal } from "../../app/lib/money";
import { createPlan } from "../../app/domain/plans/plans.server";
import { runPlanPeriod } from "../../app/domain/plans/run-plans.server";
import { formatIndiaDate, formatRupees } from "../../app/lib/formats";
import { postJournal } from "../../app/domain/ledger/post-journal.server";
import { platformCash, userAvailable } from "../../app/domain/ledger/accounts.server";
import { istDateOf } from "../../app/domain/statements/statement-figures";
import { approveMoneyMovement } from "../../app/domain/approvals/four-eyes.server";
import { proposeExit, requestExitCompletion } from "../../app/domain/exits/exits.server";
import { drainMailOutbox } from "../../app/services/mail/mail-outbox.server";
import { appClient } from "#tests/kit/http";
import { unzipText } from "#tests/kit/zip";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createInvestor, createProperty, createSession, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { useMailQueue } from "#tests/setup/mail-queue";
import { recordValuation } from "../../app/domain/valuations/record-valuation.server";
import { setPropertyBalance } from "../../app/domain/valuations/property-balance.server";
import { localPrivateStorage } from "../../app/services/storage/local-private-storage.server";
import { privateUploadsDir } from "../../app/services/storage/local-disk.server";

/**
 * One truth for every figure (ADR 0046): a persona with a purchase and its fee, a sale, a
 * declared distribution, a dividend credited without a declaration (as the demo data has them)
 * and a deposit with its processing fee, then every surface that shows each fact, rendered by
 * the production app over HTTP (pages, the receipt and statement PDFs, the capital-gains CSV,
 * the investor's alerts and the e-mail written to the outbox), must print the same figure.
 *
 * The persona: 3 shares at ₹9,000 (₹27,000 + a 2% fee of ₹540 = ₹27,540, ₹9,180 a share);
 * 1 sold at ₹10,000 (cost ₹9,180, gain ₹820; the buyer's purchase is the last settled trade, so
 * the 2 shares left are worth ₹20,000 and cost ₹18,360); ₹300 declared over 3 shares (₹200 to
 * the persona) and ₹540 credited as lease rent; a ₹5,000 deposit less the ₹10 processing fee.
 * Returns: unrealised ₹1,640 + realised ₹820 + distributions ₹740 = ₹3,200.
 * Then a ₹2,500 UPI payment through the gateway (₹2,490 net of the fee) and a ₹1,500 withdrawal
 * paid out to the persona's verified bank account, whose UTR the bank reports.
 */

const db = useTestDatabase();
// Distributions queue their mails in the payment's transaction, as the running app does.
useMailQueue(db);
const SECRET = "figures-consistency-session-secret-0123456789";
const dataDir = mkdtempSync(path.join(tmpdir(), "aangan-figures-"));
let app: AppProcess;
const prisma = () => db.current.prisma;
const persona = { id: "", email: "", cookie: "" };
let admin = { cookie: "", email: "" };
let propertyId = "";
let feeTransactionId = "";
let paymentId = "";
let withdrawalTicketId = "";
/** A second persona whose only holding is valued at its NAV (ADR 0069). */
const navHolder = { cookie: "" };
let navPropertyId = "";
const UPI_PAYMENT = "pay_figures_upi_01";
const UTR = "HDFCR52026112600042";
const FIXTURE_FUNDING = new Decimal("200000");

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  const property = await createProperty(prisma(), { title: "Figures Residency", sharePrice: "9000", minimumInvestment: "9000" });
  propertyId = property.id;
  await prisma().property.update({ where: { id: property.id }, data: { sharesSellable: true } });
  const investor = await createInvestor(prisma(), { balance: "100000" });
  const buyer = await createInvestor(prisma(), { balance: "100000" });
  const adminUser = await createUser(prisma(), { isAdmin: true });
  Object.assign(persona, { id: investor.id, email: investor.email });

  await purchaseShares(prisma(), { userId: investor.id, propertyId, shares: 3, idempotencyKey: newIdempotencyKey() });
  const order = await createSellRequest(prisma(), {
    sellerId: investor.id,
    propertyId,
    shares: "1",
    pricePerShare: "10000",
    idempotencyKey: newIdempotencyKey(),
  });
  await instantBuyShares(prisma(), { buyerId: buyer.id, orderId: order.orderId, shares: "1", idempotencyKey: newIdempotencyKey() });
  // The trades happened three days ago (order kept), so yesterday's record date sees them.
  await prisma().$executeRaw`UPDATE transactions SET created_at = created_at - interval '3 days' WHERE property_id = ${propertyId}`;
  await declareDistribution(prisma(), {
    adminId: adminUser.id,
    propertyId,
    basis: "total",
    amount: "300",
    recordDate: istDateOf(new Date(Date.now() - 86_400_000)),
    paymentDate: istDateOf(new Date()),
    note: "",
  });
  expect(await payDueDistributions(prisma())).toEqual({ paid: 1, holders: 2 });
  // A dividend credited the way the demo data credits lease rent: a journal and a history row, no declaration.
  await prisma().$transaction(async (tx) => {
    const { journalId } = await postJournal(tx, {
      kind: "distribution",
      description: "Q1 lease rent: Figures Residency",
      postings: [
        { account: userAvailable(investor.id), amount: "540.00" },
        { account: platformCash, amount: "-540.00" },
      ],
    });
    await tx.transaction.create({
      data: {
        userId: investor.id,
        propertyId,
        transactionType: "dividend",
        status: "completed",
        amount: "540.00",
        description: "Q1 lease rent from Figures Residency",
        journalId,
        createdAt: new Date(Date.now() - 2 * 86_400_000),
      },
    });
  });
  const { ticketId } = await requestDeposit(prisma(), { userId: investor.id, amount: "5000", opsRecipients: [] });

  // NAV Gardens: 200 shares at ₹5,000; the holder bought 4 (₹20,000 + ₹400 fee). Valued at
  // ₹10,90,000 less ₹50,000 debts and ₹10,000 reserves: NAV (10,90,000 − 60,000) / 200 = ₹5,150,
  // so the 4 shares are worth ₹20,600, though no resale of them has settled. With the holder's
  // Figures Residency share (₹10,000, valued at its last trade) the overview reads ₹30,400 and ₹30,600.
  const navProperty = await createProperty(prisma(), { title: "NAV Gardens", sharePrice: "5000", totalShares: 200, totalValue: "1000000" });
  navPropertyId = navProperty.id;
  // The holder is the resale's buyer (1 Figures Residency share at ₹10,000, no fee): no new wallet, so the day's money in stays as it was.
  const holder = buyer;
  await purchaseShares(prisma(), { userId: holder.id, propertyId: navPropertyId, shares: 4, idempotencyKey: newIdempotencyKey() });
  await setPropertyBalance(prisma(), { adminId: adminUser.id, propertyId: navPropertyId, debts: "50000", reserves: "10000" });
  const recorded = await recordValuation(prisma(), localPrivateStorage(privateUploadsDir(dataDir)), {
    adminId: adminUser.id,
    propertyId: navPropertyId,
    valuer: "Consistent Valuers LLP",
    valuationDate: istDateOf(new Date(Date.now() - 86_400_000)),
    value: "1090000",
    report: { fileName: "report.pdf", body: [Buffer.from("%PDF-1.4\n%%EOF\n")] },
  });
  expect(recorded.state).toBe("recorded");

  app = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", SESSION_SECRET: SECRET, DATA_DIR: dataDir });
  persona.cookie = await createSession(prisma(), investor.id, { production: true });
  navHolder.cookie = await createSession(prisma(), holder.id, { production: true });
  admin = { cookie: await createSession(prisma(), adminUser.id, { production: true }), email: adminUser.email };
  // The admin confirms the deposit as the support desk does: the app credits it, charges the fee and mails the investor.
  const resolved = await appClient(() => app).post("/admin/support", admin.cookie, {
    ticketId,
    status: "resolved",
    adminResponse: "Received",
    receivedAmount: "5000",
    returnTo: "",
  });
  expect(resolved.status).toBe(302);
  feeTransactionId = (await prisma().transaction.findFirstOrThrow({ where: { userId: investor.id, transactionType: "fee" } })).id;
  // Once the app has migrated its job queue (the mails go there): a UPI payment captured by the gateway, applied as its webhook would be.
  const paymentOrder = await prisma().paymentOrder.create({
    data: {
      userId: investor.id,
      amount: "2500.00",
      provider: "razorpay",
      providerOrderId: "order_figures_01",
      idempotencyKey: newIdempotencyKey(),
    },
  });
  paymentId = paymentOrder.id;
  const captured = {
    id: UPI_PAYMENT,
    orderId: "order_figures_01",
    amount: toPaise("2500"),
    currency: "INR",
    method: "upi",
    errorDescription: null,
  };
  expect(await prisma().$transaction((tx) => applyGatewayPaymentIn(tx, "razorpay", { ...captured, status: "captured" }))).toBe("credited");
  // A withdrawal paid out to the persona's verified account; the bank reports it processed with its UTR.
  const bank = await prisma().bankAccount.create({
    data: {
      userId: investor.id,
      holderName: "Figures Persona",
      maskedNumber: "XXXXXX4321",
      ifsc: "HDFC0001234",
      bankName: "HDFC Bank",
      accountType: "savings",
      provider: "razorpay",
      providerFundAccountId: "fa_figures_01",
      validationStatus: "active",
      registeredName: "FIGURES PERSONA",
      validatedAt: new Date(),
    },
  });
  const withdrawal = await requestWithdrawal(prisma(), { userId: investor.id, amount: "1500", opsRecipients: [] });
  withdrawalTicketId = withdrawal.ticketId;
  const queued = await prisma().$transaction((tx) =>
    queuePayoutIn(tx, {
      ticketId: withdrawal.ticketId,
      userId: investor.id,
      holdJournalId: withdrawal.holdJournalId!,
      amount: "1500.00",
      adminId: adminUser.id,
      provider: "razorpay",
      now: new Date(),
    }),
  );
  const processed = {
    id: "pout_figures_01",
    fundAccountId: bank.providerFundAccountId!,
    amount: toPaise("1500"),
    status: "processed" as const,
    utr: UTR,
    referenceId: queued!.payoutId,
    failureReason: null,
  };
  expect(await prisma().$transaction((tx) => applyPayoutIn(tx, "razorpay", processed))).toBe("payout_processed");
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

async function fetchAs(cookie: string, pathname: string): Promise<Response> {
  const response = await appClient(() => app).get(pathname, cookie);
  expect(response.status, pathname).toBe(200);
  return response;
}

/** A page's visible text: tags and React's text separators out, whitespace collapsed. */
async function pageText(pathname: string, cookie = persona.cookie): Promise<string> {
  const html = await (await fetchAs(cookie, pathname)).text();
  return html
    .slice(html.indexOf("<body"))
    .replace(/<!-- -->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

async function pdfText(pathname: string, cookie = persona.cookie): Promise<string> {
  const pdf = new Uint8Array(await (await fetchAs(cookie, pathname)).arrayBuffer());
  const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** The statement's holdings CSV, one record per holding keyed by its header. */
async function holdingsCsvRows(cookie: string): Promise<Record<string, string>[]> {
  const csv = await (await fetchAs(cookie, "/dashboard/statements/holdings.csv")).text();
  return parse(csv.replace(/^\uFEFF/, ""), { columns: true, relax_column_count: true, skip_empty_lines: true }) as Record<string, string>[];
}

/** The "Current value ₹…" the position page prints, as the statement must print it too. */
async function positionValue(propertyId: string, cookie: string): Promise<string> {
  const text = await pageText(`/dashboard/p/${propertyId}`, cookie);
  return text.match(/Current value (₹[\d,]+\.\d{2})/)![1]!;
}

/** The e-mails the app wrote to its outbox for an address, decoded from quoted-printable. */
function mailsTo(address: string): string[] {
  const dir = path.join(dataDir, "mail");
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  return files
    .map((name) => readFileSync(path.join(dir, name), "utf8"))
    .filter((raw) => raw.includes(address))
    .map((raw) =>
      Buffer.from(
        raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      )
        .toString("utf8")
        .replace(/\s+/g, " "),
    );
}

describe("every surface prints the same figure for each money fact", () => {
  it("a fee is charged once: the deposit's ₹10 processing fee reads ₹10 on the list, the details, the receipt, the alert and the e-mail", async () => {
    const list = await pageText("/dashboard/transactions");
    expect(list).toContain("Deposit processing fee");
    expect(list).toContain("−₹10 ");
    expect(list).not.toContain("−₹20 ");
    const details = await pageText(`/dashboard/transactions/${feeTransactionId}`);
    expect(details).toMatch(/Total debited −₹10 /);
    const receipt = await pdfText(`/dashboard/transactions/${feeTransactionId}/receipt.pdf`);
    expect(receipt).toContain("Total debited from wallet ₹10.00");
    expect(receipt).not.toContain("₹20.00");
    const alerts = await pageText("/dashboard/notifications");
    expect(alerts).toContain("₹4,990.00 was added to your wallet after the ₹10 processing fee");
    // Waits for this mail itself: the persona's distribution mails may arrive first.
    await expect
      .poll(() => mailsTo(persona.email).join("\n"), { timeout: 15_000 })
      .toContain("₹4,990.00 was added to your wallet after the ₹10 processing fee");
  });

  it("invested is price + fees, and the value is at the last settled trade price, on the overview, the position page and the statement", async () => {
    const overview = await pageText("/dashboard/overview");
    expect(overview).toMatch(/Total Investment Value ₹18,360 /);
    expect(overview).toMatch(/Current Value ₹20,000 /);
    const position = await pageText(`/dashboard/p/${propertyId}`);
    expect(position).toContain("Total investment ₹18,360.00");
    expect(position).toContain("Average share price ₹9,180.00");
    expect(position).toContain("Current share price ₹10,000.00");
    expect(position).toContain("Current value ₹20,000.00");
    expect(position).toContain("last settled resale price");
    const account = await pdfText("/dashboard/statements/account.pdf");
    expect(account).toContain("Figures Residency 2 18,360.00 9,180.00");
    // The statement values the holding as the position page does, and says which price it used.
    const value = await positionValue(propertyId, persona.cookie);
    expect(value).toBe("₹20,000.00");
    expect(account).toContain(`Figures Residency 2 18,360.00 9,180.00 10,000.00 ${value.slice(1)}`);
    expect(account).toContain("Prices used: Figures Residency: the last settled resale price.");
    const statements = await pageText("/dashboard/statements");
    expect(statements).toContain(
      `Figures Residency Value ${value} 2 shares, cost ₹18,360.00 · ₹10,000.00 a share, at the last settled resale price`,
    );
    const [row] = await holdingsCsvRows(persona.cookie);
    expect([row!.Property, row!["Price per share (INR)"], row!["Price used"], row!["Value (INR)"]]).toEqual([
      "Figures Residency",
      "10000.00",
      "the last settled resale price",
      value.slice(1).replace(/,/g, ""),
    ]);
  });

  it("a property with a NAV: its shares are worth the NAV per share (₹5,150) on the overview, the position page, the invest page and the admin's page, each saying so", async () => {
    const overview = await pageText("/dashboard/overview", navHolder.cookie);
    expect(overview).toMatch(/Total Investment Value ₹30,400 /);
    expect(overview).toMatch(/Current Value ₹30,600 /);
    const position = await pageText(`/dashboard/p/${navPropertyId}`, navHolder.cookie);
    expect(position).toContain("Current share price ₹5,150.00");
    expect(position).toContain("Current value ₹20,600.00");
    expect(position).toContain("This property's shares are at NAV per share, from the valuation dated");
    expect(position).toContain("NAV per share ₹5,150.00");
    const invest = await pageText(`/invest/${navPropertyId}`, navHolder.cookie);
    expect(invest).toContain("NAV per share ₹5,150.00");
    expect(invest).toContain("Worth ₹20,600");
    const adminPage = await pageText(`/admin/properties/${navPropertyId}/valuations`, admin.cookie);
    expect(adminPage).toContain("NAV per share ₹5,150.00");
    expect(adminPage).toContain("₹10,90,000.00");
    // The statement (page, PDF and CSV) values the holding at the same NAV, naming the valuation's date.
    const value = await positionValue(navPropertyId, navHolder.cookie);
    expect(value).toBe("₹20,600.00");
    const navDate = istDateOf(new Date(Date.now() - 86_400_000));
    const account = await pdfText("/dashboard/statements/account.pdf", navHolder.cookie);
    expect(account).toContain(`NAV Gardens 4 20,400.00 5,100.00 5,150.00 ${value.slice(1)}`);
    expect(account).toContain(`NAV Gardens: NAV per share, from the valuation dated ${navDate}`);
    expect(account).toContain("Total value (₹) 30,600.00");
    const statements = await pageText("/dashboard/statements", navHolder.cookie);
    expect(statements).toContain(
      `NAV Gardens Value ${value} 4 shares, cost ₹20,400.00 · ₹5,150.00 a share, at NAV per share, from the valuation dated ${navDate}`,
    );
    const rows = await holdingsCsvRows(navHolder.cookie);
    const nav = rows.find((row) => row.Property === "NAV Gardens")!;
    expect([nav["Price per share (INR)"], nav["Price used"], nav["Value (INR)"]]).toEqual([
      "5150.00",
      `NAV per share, from the valuation dated ${navDate}`,
      "20600.00",
    ]);
    expect(rows.find((row) => row.Property === "Total")!["Value (INR)"]).toBe("30600.00");
    // The investor's data export prices the holding by the same rule, and says which price it is.
    const exported = await unzipText(Buffer.from(await (await fetchAs(navHolder.cookie, "/dashboard/data-export.zip")).arrayBuffer()));
    const holding = (JSON.parse(exported["holdings.json"]!) as Record<string, unknown>[]).find((h) => h.property === "NAV Gardens")!;
    expect([holding.currentSharePrice, holding.currentSharePriceIs]).toEqual([
      "5150.00",
      `NAV per share, from the valuation dated ${navDate}`,
    ]);
  });

  it("returns include realised gains and distributions: ₹3,200 on the overview and the position page", async () => {
    const overview = await pageText("/dashboard/overview");
    expect(overview).toMatch(/Lifetime Returns \+₹3,200 /);
    expect(overview).toContain("Unrealised +₹1,640 + realised gains +₹820 + distributions ₹740");
    const position = await pageText(`/dashboard/p/${propertyId}`);
    expect(position).toContain("Total return +₹3,200.00");
    expect(position).toContain("Realised gains +₹820.00");
    expect(position).toContain("Distributions received ₹740.00");
  });

  it("a sale's gain and the cost basis for tax include the acquisition fee: ₹820 on ₹9,180 in the position history, the CSV and both PDFs", async () => {
    const position = await pageText(`/dashboard/p/${propertyId}`);
    expect(position).toMatch(/Sold 1 share .*Realised profit \+₹820\.00/);
    const csv = await (await fetchAs(persona.cookie, "/dashboard/statements/capital-gains.csv")).text();
    const records = parse(csv.replace(/^\uFEFF/, ""), { columns: true, relax_column_count: true, skip_empty_lines: true }) as Record<
      string,
      string
    >[];
    const sale = records.find((row) => row.Property === "Figures Residency")!;
    expect([sale["Sale price (INR)"], sale["Transfer costs (INR)"], sale["Cost of acquisition (INR)"], sale["Gain or loss (INR)"]]).toEqual(
      ["10000.00", "0.00", "9180.00", "820.00"],
    );
    for (const pathname of ["/dashboard/statements/capital-gains.pdf", "/dashboard/statements/account.pdf"]) {
      const text = await pdfText(pathname);
      expect(text).toContain("10,000.00 0.00 9,180.00 9,180.00 820.00");
    }
    const statements = await pageText("/dashboard/statements");
    expect(statements).toContain("Net realised gain or loss ₹820.00");
  });

  it("distributions paid: both payouts the transactions show appear on the position page, the admin's page and the statement", async () => {
    const list = await pageText("/dashboard/transactions?type=dividend");
    expect(list).toContain("+₹200 ");
    expect(list).toContain("+₹540 ");
    const position = await pageText(`/dashboard/p/${propertyId}`);
    expect(position).not.toContain("No distribution has been paid yet");
    expect(position).toContain("you received ₹200.00 for 2 shares");
    expect(position).toContain("you received ₹540.00");
    const adminPage = await pageText(`/admin/properties/${propertyId}/distributions`, admin.cookie);
    expect(adminPage).not.toContain("No distributions yet");
    expect(adminPage).toContain("₹300.00 to 2");
    expect(adminPage).toContain("₹540.00 to 1");
    const account = await pdfText("/dashboard/statements/account.pdf");
    expect(account).toContain("Distributions received (₹) 740.00");
  });

  it("the statement PDF prints ₹, Indian dates and never a future 'Holdings on'", async () => {
    const account = await pdfText("/dashboard/statements/account.pdf");
    expect(account).toContain("Sale price (₹)");
    expect(account).toContain("Amount (₹)");
    // Dates in the tables read day/month/year, as Indian documents write them.
    expect(account).toMatch(/\d{2}\/\d{2}\/\d{4} Share purchase 3 shares of Figures Residency/);
    expect(account).not.toMatch(/\d{4}-\d{2}-\d{2} (Deposit|Share purchase|Resale|Fee|Rent distribution|Figures Residency)/);
    const today = istDateOf(new Date());
    const [year, month, day] = today.split("-").map(Number) as [number, number, number];
    const longToday = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }).format(
      new Date(Date.UTC(year, month - 1, day)),
    );
    expect(account).toContain(`Holdings on ${longToday}`);
  });

  it("admin pages count what the investor did: the purchase as bought (3 shares, ₹27,540 with its fee) and a KYC card that counts the queue", async () => {
    const investments = await pageText("/admin/investments?q=Figures%20Residency", admin.cookie);
    expect(investments).toContain("₹27,540.00");
    expect(investments).toContain("Bought 3 × ₹9,000.00 plus ₹540.00 fee");
    expect(investments).toContain("2 held");
    // The admin (KYC pending, nothing submitted) is not waiting in the queue, so the card does not count them either.
    const queue = await pageText("/admin/kyc", admin.cookie);
    expect(queue).not.toContain(admin.email);
    const overview = await pageText("/admin", admin.cookie);
    expect(overview).toContain("KYC pending or under review 0");
  });
});

describe("the money rails print the same figures everywhere", () => {
  it("a UPI payment: its page, the wallet's payments panel, the transactions, the alert and the e-mail say ₹2,500 received and ₹2,490 added", async () => {
    const net = depositCredit("2500").toFixed(2);
    expect(net).toBe("2490.00");
    const page = await pageText(`/wallet/payments/${paymentId}`);
    expect(page).toContain("Amount ₹2,500.00");
    expect(page).toContain("Processing fee ₹10.00");
    expect(page).toContain("Added to your wallet ₹2,490.00");
    expect(page).toContain(`Gateway payment ${UPI_PAYMENT}`);
    const wallet = await pageText("/dashboard/wallet");
    expect(wallet).toMatch(/Payments by UPI and net banking ₹2,500\.00 .*Credited/);
    const list = await pageText("/dashboard/transactions?type=deposit");
    expect(list).toContain("+₹2,500 ");
    const credit = await prisma().transaction.findFirstOrThrow({ where: { referenceId: paymentId, transactionType: "deposit" } });
    expect([credit.amount.toFixed(2), credit.description]).toEqual(["2500.00", `Funds added (UPI payment ${UPI_PAYMENT})`]);
    const details = await pageText(`/dashboard/transactions/${credit.id}`);
    expect(details).toMatch(/Total credited \+₹2,500 /);
    const payments = await prisma().paymentOrder.findUniqueOrThrow({ where: { id: paymentId } });
    expect(payments.paidAmount?.toFixed(2)).toBe("2500.00");
    const message = `₹2,500.00 received by UPI (payment ${UPI_PAYMENT}). After the ₹10.00 processing fee, ₹2,490.00 was added to your wallet.`;
    expect(await pageText("/dashboard/notifications")).toContain(message);
    await expect.poll(() => mailsTo(persona.email).join("\n"), { timeout: 15_000 }).toContain(message);
  });

  it("a paid-out withdrawal: the fund request's line, the payouts row, the admin's Payments page, the alert and the transaction name the same amount and UTR", async () => {
    const payout = await prisma().payout.findUniqueOrThrow({ where: { ticketId: withdrawalTicketId } });
    expect([payout.status, payout.amount.toFixed(2), payout.utr]).toEqual(["processed", "1500.00", UTR]);
    const reference = ticketReference(withdrawalTicketId);
    const wallet = await pageText("/dashboard/wallet");
    expect(wallet).toMatch(new RegExp(`Withdrawal ₹1,500\\.00 Request ${reference} .*Paid to HDFC Bank XXXXXX4321 · UTR ${UTR}`));
    const alerts = await pageText("/dashboard/notifications");
    const note = `₹1,500.00 was paid to your bank account XXXXXX4321. Bank reference (UTR): ${UTR}.`;
    expect(alerts).toContain(note);
    await expect.poll(() => mailsTo(persona.email).join("\n"), { timeout: 15_000 }).toContain(note);
    const list = await pageText("/dashboard/transactions?type=withdrawal");
    expect(list).toContain("−₹1,500 ");
    const paid = await prisma().transaction.findFirstOrThrow({ where: { journalId: payout.journalId } });
    expect([paid.amount.toFixed(2), paid.description]).toEqual([
      "1500.00",
      `Withdrawal paid out to XXXXXX4321 (request ${reference}, UTR ${UTR})`,
    ]);
    const details = await pageText(`/dashboard/transactions/${paid.id}`);
    expect(details).toMatch(/Total debited −₹1,500 /);
    const adminPayments = await pageText("/admin/payments", admin.cookie);
    expect(adminPayments).toContain(`₹1,500.00 XXXXXX4321`);
    expect(adminPayments).toContain(UTR);
  });

  it("the dashboard's money in and out for today is the day's deposits and withdrawals the investor pages list", async () => {
    const today = formatIndiaDate(new Date());
    /** The sum of a type's rows dated today on the investor's Transactions list, as the list prints them. */
    const listedToday = async (type: "deposit" | "withdrawal", label: string) => {
      const list = await pageText(`/dashboard/transactions?type=${type}`);
      const rows = [...list.matchAll(new RegExp(`${label} · ([^,]+), [^₹]*?[+−]₹([\\d,]+) completed`, "g"))];
      expect(rows.length).toBeGreaterThan(0);
      return rows.filter(([, day]) => day === today).reduce((sum, [, , amount]) => sum.plus(amount!.replace(/,/g, "")), new Decimal(0));
    };
    const listedIn = await listedToday("deposit", "Deposit");
    const listedOut = await listedToday("withdrawal", "Withdrawal");
    expect([listedIn.toFixed(2), listedOut.toFixed(2)]).toEqual(["7500.00", "1500.00"]);
    // The fixtures open both wallets with ₹1,00,000 deposit journals and no history row: no investor page lists them.
    const moneyIn = listedIn.plus(FIXTURE_FUNDING);
    const overview = await pageText("/admin", admin.cookie);
    const table = overview.slice(overview.indexOf("Money in and out")).match(/ Net (.*?) Total /)![1]!;
    const [, todayCells] = table.match(/^\d{1,2} \w+ \d{4} (.*?)(?: \d{1,2} \w+ \d{4} |$)/)!;
    expect(todayCells!.trim().split(" ")).toEqual(
      [FIXTURE_FUNDING.plus(5000), 2500, moneyIn, 0, listedOut, 0, listedOut, moneyIn.minus(listedOut)].map((figure) =>
        formatRupees(figure),
      ),
    );
  });
});

describe("a property's sale prints the same pay-out everywhere", () => {
  it("₹1,00,000 over 300 shares is ₹333.3333 a share and ₹2,333.33 for 7, on the position and invest pages, the history, the admin's page, the alert and the e-mail", async () => {
    const property = await createProperty(prisma(), {
      title: "Exit Figures Court",
      sharePrice: "100",
      minimumInvestment: "100",
      totalShares: 300,
    });
    const holder = await createInvestor(prisma(), { balance: "10000" });
    await purchaseShares(prisma(), { userId: holder.id, propertyId: property.id, shares: 7, idempotencyKey: newIdempotencyKey() });
    // A holding elsewhere keeps the holder an investor once this one is sold (the tier rule).
    const elsewhere = await createProperty(prisma(), { title: "Exit Figures Annexe", sharePrice: "100", minimumInvestment: "100" });
    await purchaseShares(prisma(), { userId: holder.id, propertyId: elsewhere.id, shares: 2, idempotencyKey: newIdempotencyKey() });
    const proposer = await createUser(prisma(), { isAdmin: true, kycStatus: "approved" });
    const approver = await createUser(prisma(), { isAdmin: true, kycStatus: "approved" });
    const proposed = await proposeExit(prisma(), {
      adminId: proposer.id,
      propertyId: property.id,
      buyerName: "Ibis Capital LLP",
      salePrice: "100000",
      costs: "0",
      expectedCompletionDate: "2027-03-31",
      note: "",
    });
    await approveMoneyMovement(prisma(), { approvalId: proposed.approvalId, adminId: approver.id });
    const completion = await requestExitCompletion(prisma(), { adminId: proposer.id, exitId: proposed.exitId });
    await approveMoneyMovement(prisma(), { approvalId: completion.approvalId, adminId: approver.id });
    // The sale's steps wrote their mails to the outbox; the approvals page drains it after each, as here.
    await drainMailOutbox(prisma());

    const cookie = await createSession(prisma(), holder.id, { production: true });
    const sentence = "You received ₹2,333.33 for 7 shares at ₹333.3333 a share";
    expect(await pageText(`/dashboard/p/${property.id}`, cookie)).toContain(sentence);
    expect(await pageText(`/invest/${property.id}`, cookie)).toContain(sentence);
    const history = await pageText("/dashboard/transactions?type=exit_payout", cookie);
    expect(history).toContain("Sale of Exit Figures Court: 7 shares paid out");
    expect(history).toContain("+₹2,333.33");
    const adminPage = await pageText(`/admin/properties/${property.id}/exit`, admin.cookie);
    expect(adminPage).toContain("Net per share (÷ 300 shares) ₹333.3333");
    expect(adminPage).toContain("Paid ₹2,333.33 to 1 holders; remainder ₹97,666.67");
    const alerts = await pageText("/dashboard/notifications", cookie);
    expect(alerts).toContain("₹2,333.33 from the sale of Exit Figures Court was credited to your wallet: 7 shares at ₹333.3333 a share");
    await expect
      .poll(() => mailsTo(holder.email).join("\n"), { timeout: 15_000 })
      .toContain("₹2,333.33 from the sale of Exit Figures Court was credited to your wallet");
  });
});

describe("a buy order's held amount is one figure", () => {
  it("buyOrderHold of what the order still wants reads the same on /trading, the invest page, the admin's Share Trading and the wallet", async () => {
    const property = await createProperty(prisma(), { title: "Bid Figures Heights", sharePrice: "120", minimumInvestment: "120" });
    await prisma().property.update({ where: { id: property.id }, data: { sharesSellable: true } });
    // A small investor, whose wallet page is /dashboard/wallet (a waitlist player's is under /waitlist-dashboard).
    const buyer = await createUser(prisma(), { tier: "small_investor", subscriptionActive: true, kycStatus: "approved", balance: "5000" });
    const seller = await createInvestor(prisma(), { balance: "5000" });
    await purchaseShares(prisma(), { userId: seller.id, propertyId: property.id, shares: 5, idempotencyKey: newIdempotencyKey() });
    const bid = await placeBuyOrder(prisma(), {
      buyerId: buyer.id,
      propertyId: property.id,
      shares: "7",
      maxPrice: "123.45",
      idempotencyKey: newIdempotencyKey(),
    });
    expect(bid.held).toBe(buyOrderHold(7, "123.45").toFixed(2));
    // An ask crosses it for 3 shares at the bid's price: the order now holds what 4 shares cost, the fill its own 3.
    await createSellRequest(prisma(), {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "3",
      pricePerShare: "121",
      idempotencyKey: newIdempotencyKey(),
    });
    const held = buyOrderHold(4, "123.45");
    expect(held.toFixed(2)).toBe("493.80");
    const order = await prisma().shareBuyOrder.findUniqueOrThrow({ where: { id: bid.orderId } });
    expect(order.heldAmount.toFixed(2)).toBe(held.toFixed(2));
    const shown = `held ${formatRupees(held)}`;
    const cookie = await createSession(prisma(), buyer.id, { production: true });
    expect(await pageText(`/trading?property=${property.id}`, cookie)).toContain(shown);
    expect(await pageText(`/invest/${property.id}`, cookie)).toContain(shown);
    expect(await pageText("/admin/share-trading", admin.cookie)).toContain(`at up to ₹123.45 · held ${formatRupees(held)}`);
    // The wallet's held money is the open order's hold plus the fill's reservation (3 × ₹123.45), nothing else.
    const wallet = await pageText("/dashboard/wallet", cookie);
    expect(wallet).toContain(`Held for open requests and purchases: ${formatRupees(held.plus("370.35"))}`);
  });
});

describe("monthly plans print what the purchase charged", () => {
  it("a plan run's spend (price and fee) reads the same on the plan's history, the purchase's details and the alert", async () => {
    const property = await createProperty(prisma(), { title: "Plan Figures Court", sharePrice: "1000", minimumInvestment: "1000" });
    const investor = await createInvestor(prisma(), { balance: "10000" });
    const today = istDateOf(new Date());
    const { planId } = await createPlan(prisma(), investor.id, {
      amount: new Decimal("2500"),
      dayOfMonth: Number(today.slice(8, 10)),
      startDate: today,
      endDate: null,
      target: { kind: "property", propertyId: property.id },
    });
    const run = await runPlanPeriod(prisma(), planId, new Date());
    const line = run!.lines[0]!;
    // 2 shares at ₹1,000 and the 2% fee: ₹2,040 left the wallet.
    expect([line.shares, line.total, run!.spent]).toEqual([2, "2040.00", "2040.00"]);
    const cookie = await createSession(prisma(), investor.id, { production: true });
    expect(await pageText(`/dashboard/plans/${planId}`, cookie)).toContain("Invested, ₹2,040.00 of ₹2,500");
    expect(await pageText(`/dashboard/plans/${planId}`, cookie)).toContain("2 shares for ₹2,040.00");
    expect(await pageText(`/dashboard/transactions/${line.transactionId}`, cookie)).toMatch(/Total debited −₹2,040 /);
    expect(await pageText("/dashboard/notifications", cookie)).toContain("for ₹2,040.00");
  });
});
