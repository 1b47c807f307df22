import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { uploadPropertyDocument } from "../../app/domain/admin/properties/property-documents.server";
import { publishPropertyUpdate } from "../../app/domain/property-updates/publish-update.server";
import { listVault } from "../../app/domain/vault/list-vault.server";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { instantBuyShares } from "../../app/domain/market/settle-trades.server";
import { createInvestor, createMarket, newKey } from "../../app/domain/market/market-test-helpers";
import { reloadEnv } from "../../app/services/env.server";
import type { PrismaClient } from "../../app/services/db.server";
import { privateUploadsDir } from "../../app/services/storage/local-disk.server";
import { localPrivateStorage } from "../../app/services/storage/local-private-storage.server";
import { createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { formPost, pageRequest } from "#tests/kit/http";
import { loadRequestHandler, sessionCookieFor } from "#tests/kit/production-build";

/**
 * The updates feed and the holders' vault (ADR 0070) on a real database, through the domain
 * and through the production build's routes: who is alerted and mailed when an update is
 * published, what a refused update leaves behind (nothing), and who may download a holder-only file.
 */

const db = useTestDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), "aangan-updates-"));
const storage = localPrivateStorage(privateUploadsDir(dataDir));
const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "property-updates-session-secret-0123456789ab";
  process.env.DATA_DIR = dataDir;
  reloadEnv();
  handle = await loadRequestHandler();
});

const prisma = () => db.current.prisma;

async function sell(p: PrismaClient, sellerId: string, propertyId: string, buyerId: string, shares: number) {
  const order = await createSellRequest(p, {
    sellerId,
    propertyId,
    shares: String(shares),
    pricePerShare: "100",
    idempotencyKey: newKey(),
  });
  await instantBuyShares(p, { buyerId, orderId: order.orderId, shares: String(shares), idempotencyKey: newKey() });
  return order.orderId;
}

function storedFiles(): string[] {
  const root = privateUploadsDir(dataDir);
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.name.startsWith(".") ? [] : entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  try {
    return walk(root);
  } catch {
    return [];
  }
}

describe("publishing an update", () => {
  it("alerts every holder once, queues each holder's e-mail with it, audits it, and tells no one else", async () => {
    const { property, seller } = await createMarket(prisma(), { sellerShares: 20 });
    const buyer = await createInvestor(prisma(), { balance: "10000" });
    await sell(prisma(), seller.id, property.id, buyer.id, 5);
    const watcher = await createInvestor(prisma());
    await prisma().watchlistEntry.create({ data: { userId: watcher.id, propertyId: property.id } });
    const admin = await createUser(prisma(), { isAdmin: true });
    const mailsBefore = await prisma().mailOutbox.count();

    const { updateId, holdersAlerted } = await publishPropertyUpdate(prisma(), storage, {
      adminId: admin.id,
      propertyId: property.id,
      title: "Tenant gave notice",
      body: "The tenant will leave at the end of the quarter.",
      statusLabel: "watch",
      attachmentsPublic: false,
      attachments: [{ fileName: "notice.pdf", body: [pdf] }],
    });

    expect(holdersAlerted).toBe(2);
    const alerts = await prisma().userAlert.findMany({ where: { propertyId: property.id, alertType: "property_update" } });
    expect(alerts.map((a) => a.userId).sort()).toEqual([seller.id, buyer.id].sort());
    expect(alerts[0]!.title).toBe(`Update on ${property.title}: Tenant gave notice`);
    const mails = await prisma().mailOutbox.findMany({ orderBy: { createdAt: "asc" }, skip: mailsBefore });
    expect(mails.map((m) => (m.message as { to: string[] }).to[0]).sort()).toEqual([seller.email, buyer.email].sort());
    expect((mails[0]!.message as { subject: string }).subject).toBe(`Update on ${property.title}: Tenant gave notice`);
    expect(await prisma().adminAuditLog.count({ where: { action: "property_update.publish", targetId: property.id } })).toBe(1);
    const attachments = await prisma().propertyDocument.findMany({ where: { updateId } });
    expect(attachments).toMatchObject([{ documentType: "update_attachment", documentName: "notice", isPublic: false }]);
  });
});

describe("the admin's update form", () => {
  const multipart = (fields: Record<string, string>, files: string[] = []) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const name of files) form.append("attachments", new Blob([pdf], { type: "application/pdf" }), name);
    return form;
  };

  it("refuses bad input with 4xx and its message, and writes nothing: no update, no file, no alert, no mail", async () => {
    const { property } = await createMarket(prisma());
    const admin = await createUser(prisma(), { isAdmin: true });
    const investor = await createUser(prisma(), { tier: "small_investor", subscriptionActive: true });
    const adminCookie = await sessionCookieFor(admin.id);
    const pathname = `/admin/properties/${property.id}/updates`;
    const before = { alerts: await prisma().userAlert.count(), mails: await prisma().mailOutbox.count(), files: storedFiles().length };
    const good = { intent: "publish", title: "Roof repaired", body: "Done before the rains.", statusLabel: "performing" };

    const cases: Array<[Record<string, string>, string[], number, string]> = [
      [{ ...good, title: " " }, ["a.pdf"], 400, "Enter a title."],
      [{ ...good, body: "" }, [], 400, "Enter the update&#x27;s text."],
      [{ ...good, statusLabel: "sold" }, ["a.pdf"], 400, "Choose a status label."],
      [good, ["a.pdf", "b.pdf", "c.pdf", "d.pdf"], 400, "Attach at most 3 files."],
      [good, ["script.exe"], 415, "Accepted files: PDF, JPG, PNG, DOC, DOCX."],
    ];
    for (const [fields, files, status, message] of cases) {
      const response = await handle(formPost(pathname, adminCookie, multipart(fields, files)));
      expect([fields, response.status]).toEqual([fields, status]);
      expect(await response.text()).toContain(message);
    }
    // A non-admin is refused before the body is read.
    expect((await handle(formPost(pathname, await sessionCookieFor(investor.id), multipart(good)))).status).toBe(403);
    // An unknown property: the form is read, then 404.
    expect((await handle(formPost("/admin/properties/no-such-property/updates", adminCookie, multipart(good)))).status).toBe(404);

    expect(await prisma().propertyUpdate.count({ where: { propertyId: property.id } })).toBe(0);
    expect(await prisma().userAlert.count()).toBe(before.alerts);
    expect(await prisma().mailOutbox.count()).toBe(before.mails);
    expect(storedFiles()).toHaveLength(before.files);

    const published = await handle(formPost(pathname, adminCookie, multipart(good, ["minutes.pdf"])));
    expect(published.status).toBe(302);
    expect(await prisma().propertyUpdate.count({ where: { propertyId: property.id, statusLabel: "performing" } })).toBe(1);
    const page = await handle(pageRequest(`/invest/${property.id}`, await sessionCookieFor(investor.id)));
    expect(await page.text()).toContain("Roof repaired");
  });
});

describe("the holders' vault", () => {
  it("a non-holder gets only public files; a past holder only what was published while they held; a holder and an admin everything", async () => {
    const { property, seller } = await createMarket(prisma(), { sellerShares: 20 });
    await prisma().transaction.updateMany({ where: { userId: seller.id }, data: { createdAt: daysAgo(60) } });
    const past = await createInvestor(prisma(), { balance: "10000" });
    const bought = await sell(prisma(), seller.id, property.id, past.id, 5);
    await prisma().transaction.updateMany({ where: { referenceId: bought }, data: { createdAt: daysAgo(20) } });
    const soldBack = await sell(prisma(), past.id, property.id, seller.id, 5);
    await prisma().transaction.updateMany({ where: { referenceId: soldBack }, data: { createdAt: daysAgo(10) } });
    const stranger = await createInvestor(prisma());
    const admin = await createUser(prisma(), { isAdmin: true });

    const upload = async (name: string, isPublic: boolean, publishedDaysAgo: number) => {
      const { id } = await uploadPropertyDocument(prisma(), storage, {
        adminId: admin.id,
        propertyId: property.id,
        documentType: "annual_accounts",
        documentName: name,
        description: "",
        isPublic,
        fileName: `${name}.pdf`,
        body: [pdf],
      });
      await prisma().propertyDocument.update({ where: { id }, data: { uploadedAt: daysAgo(publishedDaysAgo) } });
      return id;
    };
    const docs = {
      publicOne: await upload("Public brochure", true, 40),
      before: await upload("Accounts before", false, 30),
      during: await upload("Accounts during", false, 15),
      after: await upload("Accounts after", false, 5),
    };

    const download = async (userId: string, id: string) =>
      (await handle(pageRequest(`/property-documents/${id}`, await sessionCookieFor(userId)))).status;
    const allowed = async (userId: string) => {
      const answer: Record<string, number> = {};
      for (const [name, id] of Object.entries(docs)) answer[name] = await download(userId, id);
      return answer;
    };
    expect(await allowed(stranger.id)).toEqual({ publicOne: 200, before: 404, during: 404, after: 404 });
    expect(await allowed(past.id)).toEqual({ publicOne: 200, before: 404, during: 200, after: 404 });
    expect(await allowed(seller.id)).toEqual({ publicOne: 200, before: 200, during: 200, after: 200 });
    expect(await allowed(admin.id)).toEqual({ publicOne: 200, before: 200, during: 200, after: 200 });

    expect((await listVault(prisma(), past.id, property.id)).map((item) => item.name)).toEqual(["Accounts during", "Public brochure"]);
    expect((await listVault(prisma(), stranger.id, property.id)).map((item) => item.name)).toEqual(["Public brochure"]);

    // The past holder's position page lists the same vault; the feed lists the updates of what they held, not of what they never touched.
    await prisma().userProfile.updateMany({
      where: { id: { in: [past.id, stranger.id] } },
      data: { tier: "small_investor", subscriptionActive: true },
    });
    await publishPropertyUpdate(prisma(), storage, {
      adminId: admin.id,
      propertyId: property.id,
      title: "Sale planned for next year",
      body: "The board will ask holders in the spring.",
      statusLabel: "sale_planned",
      attachmentsPublic: false,
    });
    const positionPage = await handle(pageRequest(`/dashboard/p/${property.id}`, await sessionCookieFor(past.id)));
    expect(positionPage.status).toBe(200);
    const vaultHtml = (await positionPage.text()).split('id="document-vault"')[1]!;
    expect(vaultHtml).toContain("Accounts during");
    expect(vaultHtml).not.toContain("Accounts before");
    expect(vaultHtml).not.toContain("Accounts after");
    const feedOf = async (userId: string) => (await handle(pageRequest("/dashboard/updates", await sessionCookieFor(userId)))).text();
    expect(await feedOf(past.id)).toContain("Sale planned for next year");
    expect(await feedOf(stranger.id)).not.toContain("Sale planned for next year");
    expect((await listVault(prisma(), seller.id, property.id)).map((item) => item.name)).toEqual([
      "Accounts after",
      "Accounts during",
      "Accounts before",
      "Public brochure",
    ]);
  });
});

describe("the alert settings' forms", () => {
  it("save good choices, and refuse bad ones with 4xx and nothing written", async () => {
    const { property } = await createMarket(prisma());
    const investor = await createUser(prisma(), { tier: "small_investor", subscriptionActive: true, kycStatus: "approved" });
    const cookie = await sessionCookieFor(investor.id);
    const post = (fields: Record<string, string>) => handle(formPost("/dashboard/notifications", cookie, fields));

    const badPercent = await post({ intent: "alert-choices", navMove: "on", navMovePercent: "150", statusLabelChanges: "on" });
    expect(badPercent.status).toBe(400);
    expect(await badPercent.text()).toContain("Enter a percentage from 0.5 to 90");
    expect(await prisma().alertPreference.count({ where: { userId: investor.id } })).toBe(0);

    const notWatched = await post({ intent: "price-alert", propertyId: property.id, belowPrice: "90" });
    expect(notWatched.status).toBe(404);
    expect(await notWatched.text()).toContain("Add the property to your watchlist first.");
    await prisma().watchlistEntry.create({ data: { userId: investor.id, propertyId: property.id } });
    for (const belowPrice of ["-5", "abc", "0", "1e5", "99999999999"]) {
      expect([belowPrice, (await post({ intent: "price-alert", propertyId: property.id, belowPrice })).status]).toEqual([belowPrice, 400]);
    }
    expect(await prisma().priceAlert.count({ where: { userId: investor.id } })).toBe(0);

    expect((await post({ intent: "alert-choices", navMove: "on", navMovePercent: "7.5", statusLabelChanges: "on" })).status).toBe(302);
    expect(await prisma().alertPreference.findUniqueOrThrow({ where: { userId: investor.id } })).toMatchObject({
      distributionChanges: false,
      statusLabelChanges: true,
    });
    expect((await post({ intent: "price-alert", propertyId: property.id, belowPrice: "₹1,250.50" })).status).toBe(302);
    expect((await prisma().priceAlert.findFirstOrThrow({ where: { userId: investor.id } })).belowPrice.toFixed(2)).toBe("1250.50");
    const page = await (await handle(pageRequest("/dashboard/notifications", cookie))).text();
    expect(page).toContain("Alert settings");
    expect(page).toContain('value="1250.50"');
  });
});
