import path from "node:path";
import { getEnv, type Env } from "~/services/env.server";
import { privateUploadsDir } from "./local-disk.server";
import { localPrivateStorage } from "./local-private-storage.server";
import type { PrivateStorage } from "./private-storage.server";
import { s3PrivateStorage } from "./s3-private-storage.server";

type StorageEnv = Pick<
  Env,
  "DATA_DIR" | "S3_ENDPOINT" | "S3_REGION" | "S3_BUCKET" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE"
>;

/** The S3 bucket when the S3_* set is configured (env validation makes it all or nothing), else local disk. */
export function privateStorageFromEnv(env: StorageEnv): PrivateStorage {
  if (env.S3_BUCKET && env.S3_REGION && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return s3PrivateStorage(
      {
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        endpoint: env.S3_ENDPOINT,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      },
      path.resolve(env.DATA_DIR, "uploads/incoming"),
    );
  }
  return localPrivateStorage(privateUploadsDir(env.DATA_DIR));
}

let storage: PrivateStorage | undefined;

/** The process's private storage, built from the validated environment on first use. */
export function getPrivateStorage(): PrivateStorage {
  storage ??= privateStorageFromEnv(getEnv());
  return storage;
}
