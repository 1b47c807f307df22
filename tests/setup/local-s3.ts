import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageConfig } from "../../app/services/storage/s3-private-storage.server";

export type LocalS3 = { config: S3StorageConfig; directory: string; stop: () => Promise<void> };

/** A real S3-compatible server (s3rver) on 127.0.0.1, a random port and a fresh directory. */
export async function startLocalS3(bucket = "aangan-private"): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "aangan-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    directory,
    config: {
      bucket,
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
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
