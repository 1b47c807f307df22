import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import sharp from "sharp";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { addImages } from "../../app/domain/admin/properties/manage-property.server";
import { uploadPropertyDocument } from "../../app/domain/admin/properties/property-documents.server";
import { reloadEnv } from "../../app/services/env.server";
import { getPrivateStorage } from "../../app/services/storage/private-storage-from-env.server";
import { createProperty, createSession, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * The resource routes behind property images and documents, through the production build's
 * request handler: who may fetch what, and with which headers. Also the live Activity feed's
 * trigger: a new user event is announced on the admin channel.
 */

const db = useTestDatabase();
const ORIGIN = "http://localhost:3000";
let handle: (request: Request) => Promise<Response>;
const cookies: Record<"admin" | "investor", string> = { admin: "", investor: "" };
const ids = { publicDoc: "", privateDoc: "", draftDoc: "", image: "", draftImage: "" };

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "admin-files-session-secret-0123456789abcdef";
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "aangan-files-"));
  reloadEnv();
  const buildPath = path.resolve("build/server/index.js");
  if (!existsSync(buildPath)) throw new Error("No production build: run `npm run build` before this test.");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const requestHandler = createRequestHandler(build, "production");
  handle = (request) => requestHandler(request, { cspNonce: "files" });

  const prisma = db.current.prisma;
  const admin = await createUser(prisma, { isAdmin: true });
  const investor = await createUser(prisma, { tier: "waitlist_player", subscriptionActive: true });
  cookies.admin = await createSession(prisma, admin.id);
  cookies.investor = await createSession(prisma, investor.id);
  const open = await createProperty(prisma, { status: "open" });
  const draft = await createProperty(prisma, { status: "draft" });
  // Through the storage the app itself reads (DATA_DIR/uploads/private).
  const storage = getPrivateStorage();
  const upload = async (propertyId: string, documentName: string, isPublic: boolean) =>
    (
      await uploadPropertyDocument(prisma, storage, {
        adminId: admin.id,
        propertyId,
        documentType: "legal_certificate",
        documentName,
        description: "",
        isPublic,
        fileName: "doc.pdf",
        body: [PDF],
      })
    ).id;
  ids.publicDoc = await upload(open.id, "Title Report", true);
  ids.privateDoc = await upload(open.id, "Lease Summary", false);
  ids.draftDoc = await upload(draft.id, "Draft Deed", true);
  const jpeg = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#336699" } })
    .jpeg()
    .toBuffer();
  await addImages(prisma, storage, { adminId: admin.id, propertyId: open.id, images: [{ name: "a.jpg", bytes: jpeg }] });
  await addImages(prisma, storage, { adminId: admin.id, propertyId: draft.id, images: [{ name: "b.jpg", bytes: jpeg }] });
  ids.image = (await prisma.property.findUniqueOrThrow({ where: { id: open.id } })).images[0]!;
  ids.draftImage = (await prisma.property.findUniqueOrThrow({ where: { id: draft.id } })).images[0]!;
});

const get = (pathname: string, who?: "admin" | "investor") =>
  handle(new Request(`${ORIGIN}${pathname}`, { headers: who ? { Cookie: cookies[who] } : {}, redirect: "manual" }));

describe("/property-documents/:documentId", () => {
  it("sends a public document of a visible property to a signed-in investor, as an attachment", async () => {
    const response = await get(`/property-documents/${ids.publicDoc}`, "investor");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="Title Report\.pdf"/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("hides private documents and those of drafts from investors, but not from admins", async () => {
    expect((await get(`/property-documents/${ids.privateDoc}`, "investor")).status).toBe(404);
    expect((await get(`/property-documents/${ids.draftDoc}`, "investor")).status).toBe(404);
    expect((await get(`/property-documents/${ids.privateDoc}`, "admin")).status).toBe(200);
    expect((await get(`/property-documents/${ids.draftDoc}`, "admin")).status).toBe(200);
  });

  it("sends a signed-out visitor to sign in", async () => {
    const response = await get(`/property-documents/${ids.publicDoc}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });
});

describe("/property-images/:imageId", () => {
  it("serves each stored width as WebP, the nearest width up", async () => {
    for (const [asked, width] of [
      ["480", 480],
      ["700", 800], // 960 asked, but never enlarged past the 800 px original
      ["5000", 800],
    ] as const) {
      const response = await get(`${ids.image}?w=${asked}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(width);
    }
  });

  it("keeps a draft's images for admins", async () => {
    expect((await get(ids.draftImage, "investor")).status).toBe(404);
    expect((await get(ids.draftImage, "admin")).status).toBe(200);
  });
});

describe("the Activity feed", () => {
  it("announces every new user event on the admin live channel", async () => {
    const client = new pg.Client({ connectionString: db.current.url });
    await client.connect();
    try {
      await client.query("LISTEN aangan_events");
      const heard = new Promise<unknown>((resolve) => client.on("notification", (message) => resolve(JSON.parse(message.payload ?? "{}"))));
      const user = await createUser(db.current.prisma);
      const event = await db.current.prisma.userEvent.create({ data: { userId: user.id, eventName: "properties_view" } });
      expect(await heard).toEqual({ channel: "admin", type: "user_event", id: event.id.toString() });
    } finally {
      await client.end();
    }
  });
});
