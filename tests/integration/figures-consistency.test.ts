import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseShares } from "../../app/domain/investing/purchase-shares.server";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { instantBuyShares } from "../../app/domain/market/settle-trades.server";
import { declareDistribution, payDueDistributions } from "../../app/domain/distributions/distributions.server";
import { requestDeposit } from "../../app/domain/wallet/request-funds.server";
import { postJournal } from "../../app/domain/ledger/post-journal.server";
import { platformCash, userAvailable } from "../../app/domain/ledger/accounts.server";
import { istDateOf } from "../../app/domain/statements/statement-figures";
import { appClient } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createInvestor, createProperty, createSession, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

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
 */

const db = useTestDatabase();
const SECRET = "figures-consistency-session-secret-0123456789";
const dataDir = mkdtempSync(path.join(tmpdir(), "aangan-figures-"));
let app: AppProcess;
const prisma = () => db.current.prisma;
const persona = { id: "", email: "", cookie: "" };
let admin = { cookie: "", email: "" };
let propertyId = "";
let feeTransactionId = "";

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

  app = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", SESSION_SECRET: SECRET, DATA_DIR: dataDir });
  persona.cookie = await createSession(prisma(), investor.id, { production: true });
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

async function pdfText(pathname: string): Promise<string> {
  const pdf = new Uint8Array(await (await fetchAs(persona.cookie, pathname)).arrayBuffer());
  const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
  return text.replace(/\s+/g, " ");
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
    await expect.poll(() => mailsTo(persona.email).length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(mailsTo(persona.email).join("\n")).toContain("₹4,990.00 was added to your wallet after the ₹10 processing fee");
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
