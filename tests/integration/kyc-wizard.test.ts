import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appClient, flashedToasts as toasts, type FormFields } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createSession, createUser } from "#tests/setup/factories";
import { parseMessage, startSmtpSink, type SmtpSink } from "#tests/setup/smtp-sink";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * The KYC wizard and the admin queue over HTTP against a real production app process:
 * the steps as a browser without JavaScript posts them (multipart for files), the
 * private file route, and an admin's decision reaching the investor by e-mail.
 */

const db = useTestDatabase();
const SESSION_SECRET = "kyc-wizard-session-secret-0123456789abcdef";
let app: AppProcess;
let sink: SmtpSink;
let dataDir: string;

beforeAll(async () => {
  process.env.SESSION_SECRET = SESSION_SECRET;
  dataDir = await mkdtemp(path.join(tmpdir(), "kyc-app-"));
  sink = await startSmtpSink();
  app = await startAppProcess({
    DATABASE_URL: db.current.url,
    SEED_DEMO_DATA: "false",
    SESSION_SECRET,
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    MAIL_FROM: "Aangan <no-reply@aangan.test>",
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await sink?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const photo = (color: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: color, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

const http = appClient(() => app);
const post = (cookie: string, pathname: string, body: FormFields) => http.post(pathname, cookie, body);
const get = (cookie: string | null, pathname: string) => http.get(pathname, cookie);

async function investor() {
  const user = await createUser(db.current.prisma, { tier: "investor", subscriptionActive: true });
  return { user, cookie: await createSession(db.current.prisma, user.id, { production: true }) };
}

const PERSONAL = {
  step: "personal",
  intent: "next",
  fullName: "Meera Nair",
  dateOfBirth: "1988-06-01",
  address: "4 Marine Drive",
  city: "Kochi",
  stateCode: "32",
  postalCode: "682001",
  phone: "+91 9447012345",
  country: "India",
};
const BANK = {
  step: "bank",
  intent: "next",
  accountNumber: "123456789012",
  confirmAccountNumber: "123456789012",
  ifscCode: "sbin0001234",
  bankName: "State Bank of India",
  accountType: "savings",
};

async function documentsForm(files: Record<string, Buffer | [Buffer, string]>, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("step", "documents");
  form.set("panNumber", "ABCDE1234F");
  form.set("aadhaarConsent", "on");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [slot, file] of Object.entries(files)) {
    const [bytes, name] = Array.isArray(file) ? file : [file, `${slot}.jpg`];
    form.set(slot, new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), name);
  }
  form.set("intent", "next");
  return form;
}

async function completeWizard(cookie: string) {
  expect((await post(cookie, "/kyc", PERSONAL)).status).toBe(302);
  const docs = await documentsForm({ pan_card: await photo(10), aadhaar_front: await photo(20), aadhaar_back: await photo(30) });
  expect((await post(cookie, "/kyc", docs)).status).toBe(302);
  expect((await post(cookie, "/kyc", BANK)).status).toBe(302);
  const selfie = new FormData();
  selfie.set("step", "photo");
  selfie.set("selfie", new Blob([new Uint8Array(await photo(40))], { type: "image/jpeg" }), "me.jpg");
  selfie.set("intent", "next");
  expect((await post(cookie, "/kyc", selfie)).status).toBe(302);
  return post(cookie, "/kyc", { step: "review", intent: "next" });
}

describe("the wizard over HTTP", () => {
  it("keeps the draft on the server: a new session resumes at the step after the last one saved", async () => {
    const { user, cookie } = await investor();
    expect(await (await get(cookie, "/kyc")).text()).toContain("Step 1 of 5");
    expect((await post(cookie, "/kyc", PERSONAL)).status).toBe(302);
    const docs = await documentsForm({ pan_card: await photo(10), aadhaar_front: await photo(20), aadhaar_back: await photo(30) });
    expect((await post(cookie, "/kyc", docs)).status).toBe(302);

    const otherDevice = await createSession(db.current.prisma, user.id, { production: true });
    const page = await (await get(otherDevice, "/kyc")).text();
    expect(page).toContain("Step 3 of 5");
    expect(page).toContain("Bank Details");

    const mismatch = await post(otherDevice, "/kyc", { ...BANK, confirmAccountNumber: "123456789013" });
    expect(mismatch.status).toBe(400);
    const mismatchPage = await mismatch.text();
    expect(mismatchPage).toContain("Account Numbers Don&#x27;t Match");
    expect(mismatchPage).not.toContain("123456789012");

    // Previous goes back a step without losing anything.
    expect((await post(otherDevice, "/kyc", { step: "bank", intent: "previous" })).status).toBe(302);
    expect(await (await get(otherDevice, "/kyc")).text()).toContain("Step 2 of 5");
  });

  it("refuses an HTML page renamed .jpg with 'Upload Failed' and keeps nothing", async () => {
    const { user, cookie } = await investor();
    await post(cookie, "/kyc", PERSONAL);
    const html = Buffer.from("<!doctype html><html><script>alert(document.cookie)</script></html>");
    const response = await post(cookie, "/kyc", await documentsForm({ pan_card: [html, "pan.jpg"] }));
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("Upload Failed - Only images (JPEG, PNG, WebP) or PDF files are accepted.");
    const draft = await db.current.prisma.kycDraft.findUnique({ where: { userId: user.id } });
    expect((draft?.data as { files?: object }).files).toBeUndefined();
  });

  it("names the fields it refuses, and serves residents of India only", async () => {
    const { cookie } = await investor();
    const wrong = await post(cookie, "/kyc", { ...PERSONAL, postalCode: "012345", phone: "+1 415 555 0100" });
    expect(wrong.status).toBe(400);
    const page = await wrong.text();
    expect(page).toContain("Incomplete Information - Please check: PIN code, Mobile number.");
    expect(page).not.toContain("Please fill in all required personal information.");
    expect(page).toContain("Aangan serves residents of India");
    expect(page).not.toMatch(/<option[^>]*>(USA|UK|Canada)</);

    const abroad = await post(cookie, "/kyc", { ...PERSONAL, country: "USA" });
    expect(abroad.status).toBe(400);
    expect(await abroad.text()).toContain("Aangan serves residents of India only");
    const freeText = await post(cookie, "/kyc", { ...PERSONAL, stateCode: "Kerala" });
    expect(freeText.status).toBe(400);
    expect(await freeText.text()).toContain("Choose your state or union territory from the list");
  });

  it("gives a file over 5 MB its field's message and keeps the other files and the typed fields", async () => {
    const { user, cookie } = await investor();
    await post(cookie, "/kyc", PERSONAL);
    const oversized = Buffer.concat([await photo(20), Buffer.alloc(5 * 1024 * 1024 + 1024)]);
    const form = await documentsForm(
      { pan_card: await photo(10), aadhaar_front: [oversized, "front.jpg"], aadhaar_back: await photo(30) },
      { panNumber: "PQRST6789K" },
    );
    const response = await post(cookie, "/kyc", form);
    expect(response.status).toBe(413);
    const page = await response.text();
    expect(page).toContain("Upload Failed - The file is larger than 5 MB.");
    expect(page).toMatch(/id="file-aadhaar_front"[\s\S]*?role="alert"[^>]*>The file is larger than 5 MB\.</);
    expect(page).toContain('value="PQRST6789K"');
    const draft = await db.current.prisma.kycDraft.findUniqueOrThrow({ where: { userId: user.id } });
    const files = (draft.data as { files?: Record<string, { fileName: string }> }).files ?? {};
    expect(Object.keys(files).sort()).toEqual(["aadhaar_back", "pan_card"]);
    expect(draft.currentStep).toBe(2);
  });

  it("submits, then only the owner and admins can open a document; anyone else gets 404", async () => {
    const { user, cookie } = await investor();
    const submitted = await completeWizard(cookie);
    expect(submitted.status).toBe(302);
    expect(await toasts(submitted)).toEqual([expect.objectContaining({ kind: "success", title: "KYC Submitted" })]);
    expect((await db.current.prisma.userProfile.findUniqueOrThrow({ where: { id: user.id } })).kycStatus).toBe("under_review");
    expect(await (await get(cookie, "/kyc")).text()).toContain("KYC Pending");

    const doc = await db.current.prisma.kycDocument.findFirstOrThrow({ where: { userId: user.id, documentType: "pan_card" } });
    const own = await get(cookie, `/kyc/documents/${doc.id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/jpeg");
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
    expect(own.headers.get("content-disposition")).toMatch(/^inline; filename="pan_card\.jpg"/);
    expect(own.headers.get("cache-control")).toContain("no-store");
    expect((await sharp(Buffer.from(await own.arrayBuffer())).metadata()).format).toBe("jpeg");

    const other = await investor();
    expect((await get(other.cookie, `/kyc/documents/${doc.id}`)).status).toBe(404);
    expect((await get(null, `/kyc/documents/${doc.id}`)).status).toBe(404);
    const admin = await createUser(db.current.prisma, { isAdmin: true });
    const adminCookie = await createSession(db.current.prisma, admin.id, { production: true });
    expect((await get(adminCookie, `/kyc/documents/${doc.id}`)).status).toBe(200);
  });
});

describe("the admin queue", () => {
  it("lists the submission, rejects with a reason, the investor sees it and resubmits, the admin approves", async () => {
    const { user, cookie } = await investor();
    await completeWizard(cookie);
    const admin = await createUser(db.current.prisma, { isAdmin: true });
    const adminCookie = await createSession(db.current.prisma, admin.id, { production: true });

    const queue = await (await get(adminCookie, "/admin/kyc?q=meera")).text();
    expect(queue).toContain(user.email);
    const dialog = await (await get(adminCookie, `/admin/kyc?review=${user.id}`)).text();
    expect(dialog).toContain("Review Documents");
    expect(dialog).toContain("pan_card.jpg");
    expect(dialog).toContain("XXXXXXXX9012");
    expect(dialog).not.toContain("123456789012");
    // Each document: file name, type, upload date, status and a button that opens it.
    const docs = await db.current.prisma.kycDocument.findMany({ where: { userId: user.id } });
    expect(docs).toHaveLength(4);
    for (const doc of docs) {
      const uploaded = doc.createdAt.toLocaleString("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
      expect(dialog).toContain(`href="/kyc/documents/${doc.id}"`);
      expect(dialog).toContain(`uploaded <!-- -->${uploaded}`);
    }
    for (const text of ["PAN card", "Aadhaar card (front)", "Aadhaar card (back)", "Selfie", "Pending", "Open file"])
      expect(dialog).toContain(text);

    const noReason = await post(adminCookie, `/admin/kyc?review=${user.id}`, { userId: user.id, intent: "reject", reason: "" });
    expect(noReason.status).toBe(422);
    const rejected = await post(adminCookie, `/admin/kyc?review=${user.id}`, {
      userId: user.id,
      intent: "reject",
      reason: "PAN card photo is blurred",
    });
    expect(rejected.status).toBe(302);

    const page = await (await get(cookie, "/kyc")).text();
    expect(page).toContain("KYC Rejected - Your KYC was rejected. Please review and resubmit.");
    expect(page).toContain("PAN card photo is blurred");
    await expect.poll(() => sink.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const rejection = sink.received.map((m) => parseMessage(m.raw)).find((m) => m.headers.subject?.startsWith("KYC Rejected"));
    expect(rejection?.body).toContain("PAN card photo is blurred");

    expect((await completeWizard(cookie)).status).toBe(302);
    expect(await db.current.prisma.kycDocument.count({ where: { userId: user.id } })).toBe(8);
    const approved = await post(adminCookie, `/admin/kyc?review=${user.id}`, { userId: user.id, intent: "approve" });
    expect(approved.status).toBe(302);
    expect(await (await get(adminCookie, `/admin/kyc?q=${encodeURIComponent(user.email)}`)).text()).toContain("No Pending KYC Submissions");
    // Approved investors are sent away from /kyc to their dashboard.
    const away = await get(cookie, "/kyc");
    expect(away.status).toBe(302);
    expect(away.headers.get("location")).toBe("/dashboard/overview");
    await expect
      .poll(() => sink.received.map((m) => parseMessage(m.raw).headers.subject), { timeout: 20_000 })
      .toContain("KYC Approved - You can now invest in properties");
  });
});
