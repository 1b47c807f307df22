import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIL_QUEUE } from "~/services/mail/mail-queue.server";
import { localPrivateStorage } from "~/services/storage/local-private-storage.server";
import type { PrivateStorage } from "~/services/storage/private-storage.server";
import { createUser } from "../../../tests/setup/factories";
import { useMailQueue } from "../../../tests/setup/mail-queue";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { attachDraftFiles, getKycDraft, saveKycStep, type DraftFile } from "./kyc-draft.server";
import { isKycRefused, type Clock } from "./kyc-errors.server";
import { getKycFileForViewer } from "./kyc-document-access.server";
import { listKycQueue } from "./kyc-queue.server";
import { reviewKyc } from "./review-kyc.server";
import { submitKyc } from "./submit-kyc.server";
import { KYC_MAX_FILE_BYTES, uploadKycDocument } from "./upload-kyc-document.server";

const db = useTestDatabase();
const clock: Clock = { now: () => new Date("2026-11-22T06:00:00Z") };
let root: string;
let storage: PrivateStorage;
useMailQueue(db);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "kyc-storage-"));
  storage = localPrivateStorage(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The mail jobs queued to `email`, oldest first. */
async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  return db.current.prisma.$queryRaw`
    SELECT data->>'subject' AS subject, data->>'text' AS text FROM pgboss.job
     WHERE name = ${MAIL_QUEUE} AND data->'to' ? ${email} ORDER BY created_on`;
}

/** Every file under the storage root, the spool folder included. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "SecretPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 0/1" } })
    .toBuffer();
}

async function upload(userId: string, fileName: string, bytes: Buffer) {
  return uploadKycDocument(storage, { userId, fileName, body: [bytes] }, clock);
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isKycRefused(error)).toBe(true);
  return error as { title: string; message: string; status: number };
}

describe("uploading a KYC document", () => {
  it("re-encodes an image, dropping its EXIF (location and device), under kyc/<userId>", async () => {
    const user = await createUser(db.current.prisma);
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const file = await upload(user.id, "pan.jpg", original);
    expect(file.key.startsWith(`kyc/${user.id}/`)).toBe(true);
    expect(file.mime).toBe("image/jpeg");
    const stored = Buffer.concat(await (await storage.read(file.key))!.toArray());
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("SecretPhone"))).toBe(false);
    // Only the re-encoded file is kept.
    expect(await storedFiles()).toHaveLength(1);
    await storage.delete(file.key);
  });

  const attacks: Array<[string, string, () => Promise<Buffer> | Buffer, RegExp]> = [
    ["a PHP script renamed .jpg", "shell.jpg", () => Buffer.from("<?php system($_GET['c']); ?>\n".repeat(10)), /Only images/],
    ["an HTML page renamed .jpg", "page.jpg", () => Buffer.from("<!doctype html><script>alert(document.cookie)</script>"), /Only images/],
    [
      "an SVG with a script",
      "logo.svg",
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>'),
      /Only images/,
    ],
    [
      "a file of 5 MB + 1 byte",
      "big.pdf",
      () => Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(KYC_MAX_FILE_BYTES + 1 - 9, 32)]),
      /larger than 5 MB/,
    ],
    ["a file name with ../", "../../etc/passwd.jpg", () => jpegWithGps(), /file name is not acceptable/],
    [
      "a JPEG/HTML polyglot (a real photo with a page after it)",
      "photo.jpg",
      async () => Buffer.concat([await jpegWithGps(), Buffer.from("<html><body><script>alert('polyglot')</script></body></html>")]),
      /web page or script/,
    ],
    [
      "a JPEG with a script hidden in its comment segment",
      "selfie.jpg",
      async () => {
        const jpeg = await jpegWithGps();
        const comment = Buffer.from("<img src=x onerror=alert(1)>");
        const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
        return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
      },
      /web page or script/,
    ],
    [
      "a PDF/HTML polyglot",
      "statement.pdf",
      () => Buffer.from("%PDF-1.4\n<!DOCTYPE html><html><script>fetch('/kyc')</script></html>\n%%EOF\n".padEnd(5000, " ")),
      /web page or script/,
    ],
    [
      "a truncated JPEG (magic bytes only)",
      "broken.jpg",
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]),
      /could not be read/,
    ],
  ];
  for (const [name, fileName, bytes, message] of attacks) {
    it(`refuses ${name} with 'Upload Failed' and stores nothing`, async () => {
      const user = await createUser(db.current.prisma);
      const error = await refusal(upload(user.id, fileName, await bytes()));
      expect(error.title).toBe("Upload Failed");
      expect(error.message).toMatch(message);
      expect(error.status).toBeGreaterThanOrEqual(400);
      expect(error.status).toBeLessThan(500);
      expect(await storedFiles()).toEqual([]);
    });
  }

  it("stores an image with other bytes after it (a phone's motion-photo trailer) as pixels only", async () => {
    const user = await createUser(db.current.prisma);
    const trailer = Buffer.concat([Buffer.from("ftypmp42"), Buffer.alloc(2000, 0x5a), Buffer.from("hidden-trailer")]);
    const file = await upload(user.id, "photo.jpg", Buffer.concat([await jpegWithGps(), trailer]));
    const stored = Buffer.concat(await (await storage.read(file.key))!.toArray());
    expect(stored.includes(Buffer.from("hidden-trailer"))).toBe(false);
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await storedFiles()).toHaveLength(1);
    await storage.delete(file.key);
  });

  it("keeps a PDF as uploaded, and only that one file", async () => {
    const user = await createUser(db.current.prisma);
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".padEnd(5000, " "));
    const file = await upload(user.id, "statement.pdf", pdf);
    expect(file.mime).toBe("application/pdf");
    expect(Buffer.concat(await (await storage.read(file.key))!.toArray())).toEqual(pdf);
    expect(await storedFiles()).toHaveLength(1);
    await storage.delete(file.key);
  });
});

const PERSONAL = {
  fullName: "Asha Rao",
  dateOfBirth: "1990-04-12",
  address: "12 MG Road",
  city: "Bengaluru",
  stateCode: "29",
  postalCode: "560001",
  phone: "+91 98765 43210",
  country: "India",
};
const BANK = {
  accountNumber: "50100234567812",
  confirmAccountNumber: "50100234567812",
  ifscCode: "hdfc0001234",
  bankName: "HDFC Bank",
  accountType: "savings",
};

async function completeDraft(userId: string) {
  const image = await jpegWithGps();
  const files: Record<string, DraftFile> = {};
  for (const slot of ["pan_card", "aadhaar_front", "aadhaar_back", "selfie"]) files[slot] = await upload(userId, `${slot}.jpg`, image);
  await saveKycStep(db.current.prisma, { userId, step: "personal", data: PERSONAL }, clock);
  await attachDraftFiles(
    db.current.prisma,
    userId,
    { pan_card: files.pan_card, aadhaar_front: files.aadhaar_front, aadhaar_back: files.aadhaar_back },
    clock,
  );
  await saveKycStep(
    db.current.prisma,
    { userId, step: "documents", data: { panNumber: "abcde1234f", aadhaarNumber: "2345 6789 0124", aadhaarConsent: "on" } },
    clock,
  );
  await saveKycStep(db.current.prisma, { userId, step: "bank", data: BANK }, clock);
  await attachDraftFiles(db.current.prisma, userId, { selfie: files.selfie }, clock);
  await saveKycStep(db.current.prisma, { userId, step: "photo" }, clock);
}

describe("the wizard's draft and submission", () => {
  it("refuses each step with the spec's toast and keeps the draft where it was", async () => {
    const user = await createUser(db.current.prisma);
    const p = db.current.prisma;
    expect(
      (await refusal(saveKycStep(p, { userId: user.id, step: "personal", data: { ...PERSONAL, phone: "+91 5876543210" } }, clock))).title,
    ).toBe("Incomplete Information");
    expect(
      (await refusal(saveKycStep(p, { userId: user.id, step: "personal", data: { ...PERSONAL, dateOfBirth: "2008-11-23" } }, clock)))
        .message,
    ).toMatch(/18/);
    expect((await refusal(saveKycStep(p, { userId: user.id, step: "documents", data: { panNumber: "ABCDE1234F" } }, clock))).title).toBe(
      "Documents Required",
    );
    expect(
      (await refusal(saveKycStep(p, { userId: user.id, step: "bank", data: { ...BANK, confirmAccountNumber: "50100234567813" } }, clock)))
        .title,
    ).toBe("Account Numbers Don't Match");
    expect((await refusal(saveKycStep(p, { userId: user.id, step: "bank", data: { ...BANK, ifscCode: "" } }, clock))).title).toBe(
      "Bank Details Required",
    );
    expect((await refusal(saveKycStep(p, { userId: user.id, step: "photo" }, clock))).title).toBe("Selfie Required");
    expect(await getKycDraft(p, user.id)).toEqual({ currentStep: 1, data: {} });
  });

  it("resumes at the step after the last one saved", async () => {
    const user = await createUser(db.current.prisma);
    await saveKycStep(db.current.prisma, { userId: user.id, step: "personal", data: PERSONAL }, clock);
    const draft = await getKycDraft(db.current.prisma, user.id);
    expect(draft.currentStep).toBe(2);
    expect(draft.data.personal?.phone).toBe("+919876543210");
  });

  it("submits: under review, rows with masked bank and Aadhaar numbers, an alert; a resubmission adds rows and keeps the earlier ones", async () => {
    const p = db.current.prisma;
    const user = await createUser(p);
    const admin = await createUser(p, { isAdmin: true });
    await completeDraft(user.id);
    const first = await submitKyc(p, { userId: user.id }, clock);

    const profile = await p.userProfile.findUniqueOrThrow({ where: { id: user.id } });
    expect(profile.kycStatus).toBe("under_review");
    expect(profile.kycSubmittedAt).toEqual(clock.now());
    expect(profile.phone).toBe("+919876543210");
    // The state is recorded as its GST code (the place of supply), its name kept for display.
    expect([profile.stateCode, profile.state]).toEqual(["29", "Karnataka"]);
    const rows = await p.kycDocument.findMany({ where: { userId: user.id } });
    expect(rows.map((row) => row.documentType).sort()).toEqual(["aadhaar_back", "aadhaar_front", "pan_card", "selfie"]);
    const pan = rows.find((row) => row.documentType === "pan_card")!;
    expect(pan.metadata).toMatchObject({
      account_number: "XXXXXXXXXX7812",
      ifsc_code: "HDFC0001234",
      bank_name: "HDFC Bank",
      account_type: "savings",
      pan_number: "ABCDE1234F",
    });
    expect(JSON.stringify(rows.map((row) => row.metadata))).not.toContain("50100234567812");
    expect(rows.find((row) => row.documentType === "aadhaar_front")!.metadata).toEqual({
      aadhaar_number: "XXXXXXXX0124",
      aadhaar_consent_at: clock.now().toISOString(),
    });
    expect(await p.userAlert.count({ where: { userId: user.id, title: "KYC Submitted" } })).toBe(1);
    expect(await p.kycDraft.count({ where: { userId: user.id } })).toBe(0);
    expect((await listKycQueue(p)).map((entry) => entry.userId)).toContain(user.id);

    // A second submit while under review is refused.
    expect((await refusal(submitKyc(p, { userId: user.id }, clock))).title).toBe("Submission Failed");

    await reviewKyc(p, { adminId: admin.id, userId: user.id, decision: "reject", reason: "PAN card is blurred" }, clock);
    await completeDraft(user.id);
    const second = await submitKyc(p, { userId: user.id }, clock);
    expect(second.submissionId).not.toBe(first.submissionId);
    const all = await p.kycDocument.findMany({ where: { userId: user.id } });
    expect(all).toHaveLength(8);
    const earlier = all.filter((row) => row.submissionId === first.submissionId);
    expect(earlier).toHaveLength(4);
    expect(earlier.every((row) => row.verificationStatus === "rejected" && row.reviewedBy === admin.id)).toBe(true);
    expect(all.filter((row) => row.submissionId === second.submissionId).every((row) => row.verificationStatus === "pending")).toBe(true);
  });
});

describe("an admin's review", () => {
  it("happens exactly once when two admins decide at the same moment", async () => {
    const p = db.current.prisma;
    const user = await createUser(p);
    const [adminA, adminB] = [await createUser(p, { isAdmin: true }), await createUser(p, { isAdmin: true })];
    await completeDraft(user.id);
    await submitKyc(p, { userId: user.id }, clock);

    const outcomes = await Promise.allSettled([
      reviewKyc(p, { adminId: adminA.id, userId: user.id, decision: "approve" }, clock),
      reviewKyc(p, { adminId: adminB.id, userId: user.id, decision: "reject", reason: "Selfie does not match" }, clock),
    ]);
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(won).toHaveLength(1);
    // The losing decision rolled back with its mail: the investor hears of one decision.
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0]!.reason as Error).message).toBe("This KYC submission has already been reviewed.");

    const audit = await p.adminAuditLog.findMany({ where: { targetId: user.id } });
    expect(audit).toHaveLength(1);
    const alerts = await p.userAlert.findMany({ where: { userId: user.id, alertType: { in: ["kyc_approved", "kyc_rejected"] } } });
    expect(alerts).toHaveLength(1);
    const profile = await p.userProfile.findUniqueOrThrow({ where: { id: user.id } });
    const docs = await p.kycDocument.findMany({ where: { userId: user.id } });
    const winner = audit[0]!.adminId;
    expect(docs.every((doc) => doc.reviewedBy === winner && doc.verificationStatus === profile.kycStatus)).toBe(true);
    if (profile.kycStatus === "approved") expect(profile.kycApprovedAt).toEqual(clock.now());
    else expect(profile.kycApprovedAt).toBeNull();
  });

  it("approve sets kyc_approved_at and writes the approval e-mail; reject needs a reason and clears it", async () => {
    const p = db.current.prisma;
    const user = await createUser(p);
    const admin = await createUser(p, { isAdmin: true });
    await completeDraft(user.id);
    await submitKyc(p, { userId: user.id }, clock);
    await expect(reviewKyc(p, { adminId: admin.id, userId: user.id, decision: "reject", reason: "  " }, clock)).rejects.toThrow(/reason/);
    const outcome = await reviewKyc(p, { adminId: admin.id, userId: user.id, decision: "approve", notes: "All clear" }, clock);
    expect(outcome.mail.subject).toBe("KYC Approved - You can now invest in properties");
    expect(outcome.mail.to).toBe(user.email);
    // Queued in the decision's own transaction, not left to the caller after the commit.
    expect(await mailsTo(user.email)).toEqual([{ subject: outcome.mail.subject, text: outcome.mail.text }]);
    const profile = await p.userProfile.findUniqueOrThrow({ where: { id: user.id } });
    expect(profile.kycStatus).toBe("approved");
    expect(profile.kycApprovedAt).toEqual(clock.now());
    expect((await listKycQueue(p)).map((entry) => entry.userId)).not.toContain(user.id);
    const audit = await p.adminAuditLog.findFirstOrThrow({ where: { targetId: user.id } });
    expect(audit).toMatchObject({ adminId: admin.id, action: "kyc.approve" });
    expect(audit.details).toMatchObject({ before: { kyc_status: "under_review" }, after: { kyc_status: "approved" }, note: "All clear" });
  });
});

describe("who may open a KYC file", () => {
  it("the owner and admins; another user gets nothing", async () => {
    const p = db.current.prisma;
    const [owner, stranger, admin] = [await createUser(p), await createUser(p), await createUser(p, { isAdmin: true })];
    await completeDraft(owner.id);
    await submitKyc(p, { userId: owner.id }, clock);
    const doc = await p.kycDocument.findFirstOrThrow({ where: { userId: owner.id } });
    expect(await getKycFileForViewer(p, { viewerId: owner.id, viewerIsAdmin: false, documentId: doc.id })).not.toBeNull();
    expect(await getKycFileForViewer(p, { viewerId: admin.id, viewerIsAdmin: true, documentId: doc.id })).not.toBeNull();
    expect(await getKycFileForViewer(p, { viewerId: stranger.id, viewerIsAdmin: false, documentId: doc.id })).toBeNull();
    expect(await getKycFileForViewer(p, { viewerId: stranger.id, viewerIsAdmin: false, documentId: "../../etc" })).toBeNull();
  });
});

describe("the account number", () => {
  it("is never stored in full, not even in the draft between the bank step and the submission", async () => {
    const p = db.current.prisma;
    const user = await createUser(p);
    await completeDraft(user.id);
    const draftRow = await p.kycDraft.findUniqueOrThrow({ where: { userId: user.id } });
    expect(JSON.stringify(draftRow.data)).not.toContain("50100234567812");
    expect((draftRow.data as { bank?: { accountNumber?: string } }).bank?.accountNumber).toBe("XXXXXXXXXX7812");
    await submitKyc(p, { userId: user.id }, clock);
    const pan = await p.kycDocument.findFirstOrThrow({ where: { userId: user.id, documentType: "pan_card" } });
    expect(pan.metadata).toMatchObject({ account_number: "XXXXXXXXXX7812" });
  });

  it("is masked in drafts saved before the change by the migration that says so (ADR 0040)", async () => {
    const p = db.current.prisma;
    const user = await createUser(p);
    const bank = { accountNumber: "918020012345678", ifscCode: "UTIB0000123", bankName: "Axis Bank", accountType: "savings" };
    await p.kycDraft.create({ data: { userId: user.id, currentStep: 4, data: { personal: { fullName: "Old Draft" }, bank } } });
    const sql = await readFile(
      path.join(process.cwd(), "prisma/migrations/20261125200000_mask_account_numbers_in_kyc_drafts/migration.sql"),
      "utf8",
    );
    await p.$executeRawUnsafe(sql);
    await p.$executeRawUnsafe(sql); // running it again changes nothing
    const draft = await getKycDraft(p, user.id);
    expect(draft.data.bank).toEqual({ ...bank, accountNumber: "XXXXXXXXXXX5678" });
    expect(draft.data.personal).toEqual({ fullName: "Old Draft" });
  });
});

describe("the admin queue", () => {
  const at = (iso: string): Clock => ({ now: () => new Date(iso) });

  it("lists pending and under-review submissions, newest submission first, found by name or e-mail; nothing else", async () => {
    const p = db.current.prisma;
    const tag = `queue${Date.now().toString(36)}`;
    const person = (name: string, overrides: Parameters<typeof createUser>[1] = {}) =>
      createUser(p, { fullName: `${name} ${tag}`, email: `${name.toLowerCase()}-${tag}@example.in`, ...overrides });
    const [early, late, legacy, approved, neverSubmitted] = [
      await person("Early"),
      await person("Late"),
      await person("Legacy"),
      await person("Approved", { kycStatus: "approved" }),
      await person("Never"),
    ];
    await completeDraft(early.id);
    await submitKyc(p, { userId: early.id }, at("2026-11-20T06:00:00Z"));
    await completeDraft(late.id);
    await submitKyc(p, { userId: late.id }, at("2026-11-21T06:00:00Z"));
    // A submission still 'pending' (as the original product left them) with documents to review.
    await p.userProfile.update({ where: { id: legacy.id }, data: { kycSubmittedAt: new Date("2026-11-20T18:00:00Z") } });
    await p.kycDocument.create({
      data: {
        userId: legacy.id,
        documentType: "pan_card",
        fileName: "pan.jpg",
        storageKey: `kyc/${legacy.id}/x`,
        mimeType: "image/jpeg",
        fileSize: 10,
      },
    });
    await p.kycDocument.create({
      data: {
        userId: approved.id,
        documentType: "pan_card",
        fileName: "pan.jpg",
        storageKey: `kyc/${approved.id}/x`,
        mimeType: "image/jpeg",
        fileSize: 10,
        verificationStatus: "approved",
      },
    });

    const queue = await listKycQueue(p, { search: tag.toUpperCase() });
    expect(queue.map((entry) => entry.userId)).toEqual([late.id, legacy.id, early.id]);
    expect(queue.map((entry) => entry.kycStatus)).toEqual(["under_review", "pending", "under_review"]);
    expect(queue.map((entry) => entry.userId)).not.toContain(approved.id);
    expect(queue.map((entry) => entry.userId)).not.toContain(neverSubmitted.id);
    expect((await listKycQueue(p, { search: `late-${tag}@EXAMPLE` })).map((entry) => entry.userId)).toEqual([late.id]);
    // (Submitting replaced the others' names with the one typed in the wizard.)
    expect((await listKycQueue(p, { search: `legacy ${tag}` })).map((entry) => entry.userId)).toEqual([legacy.id]);
  });

  it("records on each document of the decided submission its status, the notes, the deciding admin and the time", async () => {
    const p = db.current.prisma;
    const user = await createUser(p);
    const admin = await createUser(p, { isAdmin: true });
    await completeDraft(user.id);
    await submitKyc(p, { userId: user.id }, clock);
    const decidedAt = at("2026-11-22T09:30:00Z");
    await reviewKyc(
      p,
      { adminId: admin.id, userId: user.id, decision: "reject", reason: "Aadhaar back is missing", notes: "Ask for a rescan" },
      decidedAt,
    );
    const docs = await p.kycDocument.findMany({ where: { userId: user.id } });
    expect(docs).toHaveLength(4);
    for (const doc of docs) {
      expect(doc).toMatchObject({
        verificationStatus: "rejected",
        adminNotes: "Rejected: Aadhaar back is missing\nAsk for a rescan",
        reviewedBy: admin.id,
        reviewedAt: decidedAt.now(),
      });
    }
    const profile = await p.userProfile.findUniqueOrThrow({ where: { id: user.id } });
    expect(profile).toMatchObject({ kycStatus: "rejected", kycApprovedAt: null, kycRejectionReason: "Aadhaar back is missing" });
    const alert = await p.userAlert.findFirstOrThrow({ where: { userId: user.id, alertType: "kyc_rejected" } });
    expect(alert.message).toContain("Aadhaar back is missing");
  });
});

describe("a file still in a draft", () => {
  it("opens for the investor whose draft it is, and for nobody else", async () => {
    const p = db.current.prisma;
    const [owner, stranger] = [await createUser(p), await createUser(p)];
    const file = await upload(owner.id, "pan.jpg", await jpegWithGps());
    await attachDraftFiles(p, owner.id, { pan_card: file }, clock);
    const id = file.key.split("/").pop()!;
    expect(await getKycFileForViewer(p, { viewerId: owner.id, viewerIsAdmin: false, documentId: id })).toMatchObject({
      storageKey: file.key,
    });
    expect(await getKycFileForViewer(p, { viewerId: stranger.id, viewerIsAdmin: false, documentId: id })).toBeNull();
    await storage.delete(file.key);
  });
});
