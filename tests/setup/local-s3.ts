import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageConfig } from "../../app/services/storage/s3-private-storage.server";

export type LocalS3 = { config: S3StorageConfig; directory: string; stop: () => Promise<void> };

/**
 * A real S3-compatible server (s3rver) on a random port of `address` (loopback unless told) and a
 * fresh directory, with the bucket made.
 */
export async function startLocalS3(bucket = "aangan-private", address = "127.0.0.1"): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "aangan-s3-"));
  const server = new S3rver({ port: 0, address, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    directory,
    config: {
      bucket,
      region: "us-east-1",
      endpoint: `http://${address}:${port}`,
      forcePathStyle: true,
      // s3rver's fixed credentials; it checks request signatures against them.
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
