import zlib from "node:zlib";
import { FINAL_EMPTY_BLOCK, GZIP_HEADER, gzipTrailer } from "./spliced-gzip";

/**
 * Bytes that every rendered page carries unchanged (the inline stylesheet, ADR 0095), found
 * right after `opening` (the start of the element that holds them), compressed once.
 */
export type SplicedConstant = {
  opening: Buffer;
  bytes: Buffer;
  /** Raw deflate of `bytes` from a fresh compressor, ended with a sync flush (byte-aligned, not final). */
  deflated: Buffer;
};

export function precompressConstant(opening: string, text: string): SplicedConstant {
  const bytes = Buffer.from(text, "utf8");
  // Compressed once per process, so at zlib's best level: smaller than any page-time level.
  return {
    opening: Buffer.from(opening, "utf8"),
    bytes,
    deflated: zlib.deflateRawSync(bytes, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  };
}

// zlib's fastest level, as the compression middleware uses for pages (ADR 0026).
const PAGE_LEVEL = { level: 1, finishFlush: zlib.constants.Z_SYNC_FLUSH };

/**
 * A page's gzip stream, written chunk by chunk as the page streams. Each chunk is compressed
 * by a fresh compressor that never refers back before it, and ends on a byte boundary without
 * closing the stream, so the pieces join into one valid stream (RFC 1951, 3.2.4) as
 * spliced-gzip.ts joins a kept page's. Where a chunk holds the constant at its place, the
 * bytes before and after it are compressed and the constant's precompressed blocks go between:
 * the 46 KB stylesheet is compressed once per process instead of once per page. Anything else
 * (a different stylesheet, none at all, the constant split between chunks) is compressed as it
 * is, so the stream always decodes to exactly the page.
 */
export class DocumentGzip {
  private crc = 0;
  private size = 0;
  private started = false;
  private spliced = false;

  constructor(private readonly constant?: SplicedConstant) {}

  /** Whether the constant's precompressed copy went into the stream. */
  get splicedConstant(): boolean {
    return this.spliced;
  }

  /** The compressed bytes for the page's next chunk. */
  write(chunk: Uint8Array): Buffer {
    const page = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const parts: Buffer[] = [];
    if (!this.started) {
      this.started = true;
      parts.push(GZIP_HEADER);
    }
    const at = this.spliced ? -1 : this.constantAt(page);
    if (at < 0) {
      this.compress(page, parts);
    } else {
      const constant = this.constant!;
      this.compress(page.subarray(0, at), parts);
      parts.push(constant.deflated);
      this.checksum(constant.bytes);
      this.compress(page.subarray(at + constant.bytes.length), parts);
      this.spliced = true;
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  /** The stream's end: the final block and the checksum and length of the whole page. */
  end(): Buffer {
    const head = this.started ? [] : [GZIP_HEADER];
    this.started = true;
    return Buffer.concat([...head, FINAL_EMPTY_BLOCK, gzipTrailer(this.crc, this.size)]);
  }

  /** Where the constant's bytes start in `page`, if they sit there whole right after its opening tag. */
  private constantAt(page: Buffer): number {
    const constant = this.constant;
    if (!constant) return -1;
    const opening = page.indexOf(constant.opening);
    if (opening < 0) return -1;
    // The rest of the opening tag (its nonce) ends at the first '>'.
    const tagEnd = page.indexOf(0x3e, opening + constant.opening.length);
    if (tagEnd < 0) return -1;
    const start = tagEnd + 1;
    if (start + constant.bytes.length > page.length) return -1;
    return page.subarray(start, start + constant.bytes.length).equals(constant.bytes) ? start : -1;
  }

  private compress(piece: Buffer, parts: Buffer[]): void {
    if (piece.length === 0) return;
    parts.push(zlib.deflateRawSync(piece, PAGE_LEVEL));
    this.checksum(piece);
  }

  private checksum(data: Buffer): void {
    // zlib.crc32 answers 0, not the running value, for an empty buffer.
    if (data.length > 0) this.crc = zlib.crc32(data, this.crc);
    this.size += data.length;
  }
}
