import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "../env.server";
import { startLocalS3 } from "../../../tests/setup/local-s3";
import { privateStorageFromEnv } from "./private-storage-from-env.server";
import { KYC_DOCUMENT_TYPES } from "./private-storage.server";

const dataDir = mkdtempSync(path.join(tmpdir(), "aangan-storage-env-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const S3_SET = {
  S3_ENDPOINT: "http://127.0.0.1:9000",
  S3_REGION: "ap-south-1",
  S3_BUCKET: "aangan-private",
  S3_ACCESS_KEY_ID: "key",
  S3_SECRET_ACCESS_KEY: "secret",
};

describe("S3 settings", () => {
  it("are optional as a whole", () => {
    expect(parseEnv({ DATA_DIR: dataDir }).ok).toBe(true);
  });

  it("are accepted as a complete set", () => {
    const result = parseEnv({ DATA_DIR: dataDir, ...S3_SET, S3_FORCE_PATH_STYLE: "true" });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.env).toMatchObject({ S3_BUCKET: "aangan-private", S3_FORCE_PATH_STYLE: true });
  });

  it("name each missing member when only part of the set is given", () => {
    const result = parseEnv({ DATA_DIR: dataDir, S3_BUCKET: "aangan-private", S3_ENDPOINT: "http://127.0.0.1:9000" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      "S3_REGION: required when any S3_* variable is set",
      "S3_ACCESS_KEY_ID: required when any S3_* variable is set",
      "S3_SECRET_ACCESS_KEY: required when any S3_* variable is set",
    ]);
  });

  it("refuse an endpoint that is not a URL", () => {
    for (const endpoint of ["minio:9000", "s3.example.com", "ftp://s3.example.com"]) {
      const result = parseEnv({ DATA_DIR: dataDir, ...S3_SET, S3_ENDPOINT: endpoint });
      expect(result.ok).toBe(false);
    }
  });
});

describe("BODY_LIMIT_BYTES", () => {
  it("defaults to 64 KB and must be a positive integer", () => {
    const result = parseEnv({ DATA_DIR: dataDir });
    expect(result.ok && result.env.BODY_LIMIT_BYTES).toBe(65536);
    expect(parseEnv({ DATA_DIR: dataDir, BODY_LIMIT_BYTES: "-1" }).ok).toBe(false);
  });
});

describe("privateStorageFromEnv", () => {
  const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
  const options = { maxBytes: 1024, allowedTypes: KYC_DOCUMENT_TYPES, prefix: "kyc/u1" };

  it("uses DATA_DIR/uploads/private without S3 settings", async () => {
    const result = parseEnv({ DATA_DIR: dataDir });
    if (!result.ok) throw new Error(result.errors.join("\n"));
    const stored = await privateStorageFromEnv(result.env).put([pdf], options);
    expect(existsSync(path.join(dataDir, "uploads/private", stored.key))).toBe(true);
  });

  it("uses the bucket when the S3 set is configured", async () => {
    const s3 = await startLocalS3("factory-bucket");
    try {
      const result = parseEnv({
        DATA_DIR: dataDir,
        S3_ENDPOINT: s3.config.endpoint,
        S3_REGION: s3.config.region,
        S3_BUCKET: s3.config.bucket,
        S3_ACCESS_KEY_ID: s3.config.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
        S3_FORCE_PATH_STYLE: "true",
      });
      if (!result.ok) throw new Error(result.errors.join("\n"));
      const storage = privateStorageFromEnv(result.env);
      const stored = await storage.put([pdf], options);
      expect(existsSync(path.join(dataDir, "uploads/private", stored.key))).toBe(false);
      expect(await storage.exists(stored.key)).toBe(true);
    } finally {
      await s3.stop();
    }
  });
});
