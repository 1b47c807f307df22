import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3, type LocalS3 } from "../../../tests/setup/local-s3";
import { writeFileAtomically } from "./local-disk.server";
import { localPrivateStorage } from "./local-private-storage.server";
import { InvalidStorageKey, KYC_DOCUMENT_TYPES, UploadRefused, type PrivateStorage } from "./private-storage.server";
import { s3PrivateStorage } from "./s3-private-storage.server";

const KYC = { maxBytes: 64 * 1024, allowedTypes: KYC_DOCUMENT_TYPES, prefix: "kyc/user-1" };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

beforeAll(async () => {
  const image = () => sharp({ create: { width: 16, height: 16, channels: 3, background: "#b45309" } });
  jpeg = await image().jpeg().toBuffer();
  png = await image().png().toBuffer();
  webp = await image().webp().toBuffer();
});

/** Splits a buffer into a stream of small chunks, as a request body arrives. */
function streamOf(data: Buffer, chunkSize = 1024): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < data.length; at += chunkSize) chunks.push(data.subarray(at, at + chunkSize));
  return Readable.from(chunks);
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function refusal(promise: Promise<unknown>): Promise<UploadRefused> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UploadRefused);
  return error as UploadRefused;
}

type Backend = {
  name: string;
  setUp: () => Promise<{
    storage: PrivateStorage;
    storedKeys: () => Promise<string[]>;
    spooled: () => string[];
    tearDown: () => Promise<void>;
  }>;
};

const listFiles = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
};

const BACKENDS: Backend[] = [
  {
    name: "local disk",
    setUp: async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "aangan-storage-"));
      const root = path.join(dataDir, "uploads/private");
      return {
        storage: localPrivateStorage(root),
        storedKeys: async () => listFiles(root).filter((file) => !file.startsWith(".incoming")),
        spooled: () => listFiles(path.join(root, ".incoming")),
        tearDown: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "S3 (s3rver)",
    setUp: async () => {
      const s3: LocalS3 = await startLocalS3();
      const spoolDir = mkdtempSync(path.join(tmpdir(), "aangan-s3-spool-"));
      const client = new S3Client({
        region: s3.config.region,
        endpoint: s3.config.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: s3.config.accessKeyId, secretAccessKey: s3.config.secretAccessKey },
      });
      return {
        storage: s3PrivateStorage(s3.config, spoolDir),
        storedKeys: async () => {
          const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
          return (listed.Contents ?? []).map((object) => object.Key ?? "");
        },
        spooled: () => listFiles(spoolDir),
        tearDown: async () => {
          client.destroy();
          await s3.stop();
          rmSync(spoolDir, { recursive: true, force: true });
        },
      };
    },
  },
];

describe.each(BACKENDS)("private storage on $name", (backend) => {
  let storage: PrivateStorage;
  let storedKeys: () => Promise<string[]>;
  let spooled: () => string[];
  let tearDown: () => Promise<void>;

  beforeAll(async () => {
    ({ storage, storedKeys, spooled, tearDown } = await backend.setUp());
  });
  afterAll(async () => {
    await tearDown?.();
  });

  it("stores a stream under a server-generated key and reads the same bytes back", async () => {
    const stored = await storage.put(streamOf(jpeg), KYC);
    expect(stored.key).toMatch(new RegExp(`^kyc/user-1/${UUID.source}$`));
    expect(stored).toMatchObject({ size: jpeg.length, mime: "image/jpeg" });
    expect(await storage.exists(stored.key)).toBe(true);
    const read = await storage.read(stored.key);
    expect(read).not.toBeNull();
    expect((await bytesOf(read!)).equals(jpeg)).toBe(true);
    expect(spooled()).toEqual([]);
  });

  it("recognises PNG, WebP and PDF by their bytes", async () => {
    for (const [data, mime] of [
      [png, "image/png"],
      [webp, "image/webp"],
      [pdf, "application/pdf"],
    ] as const) {
      const stored = await storage.put(streamOf(data, 7), KYC);
      expect(stored.mime).toBe(mime);
      expect(stored.size).toBe(data.length);
    }
  });

  it("gives every upload its own key", async () => {
    const [a, b] = await Promise.all([storage.put(streamOf(png), KYC), storage.put(streamOf(png), KYC)]);
    expect(a.key).not.toBe(b.key);
  });

  it("refuses a text file whatever it is called, and keeps nothing of it", async () => {
    const before = await storedKeys();
    const passportJpg = Buffer.from("This is not a passport.jpg, only text pretending to be one.\n".repeat(200));
    const error = await refusal(storage.put(streamOf(passportJpg), KYC));
    expect(error.reason).toBe("unsupported_type");
    expect(error.status).toBe(415);
    expect(await storedKeys()).toEqual(before);
    expect(spooled()).toEqual([]);
  });

  it("refuses a type the caller did not allow even when it is a real image", async () => {
    const error = await refusal(storage.put(streamOf(png), { ...KYC, allowedTypes: ["application/pdf"] }));
    expect(error.reason).toBe("unsupported_type");
  });

  it("refuses an endless stream once it passes the limit, reading at most one chunk beyond it", async () => {
    const before = await storedKeys();
    const chunk = Buffer.concat([png, Buffer.alloc(8 * 1024 - png.length)]);
    let produced = 0;
    async function* endless() {
      for (;;) {
        produced += chunk.length;
        yield chunk;
      }
    }
    const error = await refusal(storage.put(endless(), KYC));
    expect(error.reason).toBe("too_large");
    expect(error.status).toBe(413);
    expect(error.message).toBe("The file is larger than 0.1 MB.");
    expect(produced).toBeLessThanOrEqual(KYC.maxBytes + chunk.length);
    expect(await storedKeys()).toEqual(before);
    expect(spooled()).toEqual([]);
  });

  it("accepts a file of exactly the limit", async () => {
    const exact = Buffer.concat([pdf, Buffer.alloc(KYC.maxBytes - pdf.length, 0x20)]);
    const stored = await storage.put(streamOf(exact, 8192), KYC);
    expect(stored.size).toBe(KYC.maxBytes);
  });

  it("refuses an empty upload", async () => {
    expect((await refusal(storage.put(Readable.from([]), KYC))).reason).toBe("empty");
  });

  it("deletes a file; reading or deleting a missing one is not an error", async () => {
    const stored = await storage.put(streamOf(pdf), KYC);
    await storage.delete(stored.key);
    expect(await storage.exists(stored.key)).toBe(false);
    expect(await storage.read(stored.key)).toBeNull();
    await storage.delete(stored.key);
    expect(await storage.exists("kyc/user-1/never-stored")).toBe(false);
    expect(await storage.read("kyc/user-1/never-stored")).toBeNull();
  });

  it.each([
    "../secret",
    "kyc/../../etc/passwd",
    "/etc/passwd",
    "kyc//x",
    "kyc/./x",
    "kyc\\..\\x",
    "%2e%2e/x",
    ".incoming/x",
    "kyc/x\u0000",
    "",
    "a".repeat(600),
  ])("refuses the key %j for read, exists and delete", async (key) => {
    await expect(storage.read(key)).rejects.toBeInstanceOf(InvalidStorageKey);
    await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKey);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKey);
  });

  it("refuses a prefix that would leave its folder before reading the body", async () => {
    let pulled = false;
    async function* body() {
      pulled = true;
      yield pdf;
    }
    await expect(storage.put(body(), { ...KYC, prefix: "../public" })).rejects.toBeInstanceOf(InvalidStorageKey);
    expect(pulled).toBe(false);
  });
});

describe("local disk layout", () => {
  it("keeps private files out of the folder served at /media, and reads keys the seed wrote", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "aangan-storage-"));
    try {
      const storage = localPrivateStorage(path.join(dataDir, "uploads/private"));
      const stored = await storage.put(streamOf(pdf), KYC);
      expect(listFiles(path.join(dataDir, "uploads/private"))).toEqual([stored.key]);
      expect(listFiles(path.join(dataDir, "uploads/public"))).toEqual([]);
      // The demo seed writes kyc/<userId>/<name>.webp itself; the storage reads those keys too.
      const seededKey = "kyc/0b6f2a1e-0000-4000-8000-000000000001/pan-card.webp";
      writeFileAtomically(path.join(dataDir, "uploads/private", seededKey), webp);
      expect(await storage.exists(seededKey)).toBe(true);
      expect((await bytesOf((await storage.read(seededKey))!)).equals(webp)).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
