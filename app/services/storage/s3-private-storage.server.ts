import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertValidStorageKey, type PrivateStorage, type PutOptions, type StoredFile } from "./private-storage.server";
import { receiveUpload } from "./receive-upload.server";

export type S3StorageConfig = {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** An S3-compatible service (MinIO, R2, s3rver); unset for AWS itself. */
  endpoint?: string;
  forcePathStyle?: boolean;
};

/**
 * Private files in an S3-compatible bucket. PutObject needs the length up front, so an
 * upload is first streamed into a temporary file in `spoolDir` (within the size limit,
 * its type checked) and then sent with its exact length.
 */
export function s3PrivateStorage(config: S3StorageConfig, spoolDir: string): PrivateStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // Custom endpoints rarely have wildcard DNS for bucket subdomains.
    forcePathStyle: config.forcePathStyle ?? Boolean(config.endpoint),
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible servers reject the newer
    // aws-chunked uploads that default checksums bring.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;

  return {
    async put(body, options: PutOptions): Promise<StoredFile> {
      const key = `${options.prefix}/${randomUUID()}`;
      assertValidStorageKey(key);
      const received = await receiveUpload(body, options, spoolDir);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: createReadStream(received.file),
            ContentLength: received.size,
            ContentType: received.mime,
          }),
        );
      } finally {
        await rm(received.file, { force: true });
      }
      return { key, size: received.size, mime: received.mime };
    },

    async read(key): Promise<Readable | null> {
      assertValidStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return object.Body instanceof Readable ? object.Body : Readable.fromWeb(object.Body.transformToWebStream() as never);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertValidStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      assertValidStorageKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404;
}
