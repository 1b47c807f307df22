import zlib from "node:zlib";

/**
 * A cached page compressed once, for answers that differ only by their CSP nonce (ADR 0027).
 * Each piece between two nonces is compressed on its own, ending on a byte boundary without
 * closing the stream; an answer is a gzip header, the pieces with the reader's nonce between
 * them as stored (uncompressed) deflate blocks, a final empty block, and the CRC-32 and length
 * of what that reader's page is. A fresh compressor per piece never refers back to data
 * before it, so the pieces join into one valid stream (RFC 1951, 3.2.4; RFC 1952).
 */
export type PrecompressedPage = {
  /** Raw deflate of each piece, ended with a sync flush (byte-aligned, not final). */
  deflated: Buffer[];
  /** The uncompressed pieces, for the checksum of each answer. */
  pieces: readonly Buffer[];
};

// ID1 ID2, CM = deflate, no flags, no modification time, no extra flags, OS unknown.
export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
// BFINAL = 1, BTYPE = 00 (stored), LEN = 0, NLEN = 0xffff.
export const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const STORED_BLOCK_MAX = 0xffff;

export function precompress(pieces: readonly Buffer[]): PrecompressedPage {
  return {
    pieces,
    deflated: pieces.map((piece) => zlib.deflateRawSync(piece, { finishFlush: zlib.constants.Z_SYNC_FLUSH })),
  };
}

/** The gzip stream of the pieces joined with `nonce` (the answer's body, ready to send). */
export function gzipWithNonce(page: PrecompressedPage, nonce: string): Buffer {
  const needle = Buffer.from(nonce, "utf8");
  if (needle.length > STORED_BLOCK_MAX) throw new RangeError("nonce too long for one stored block");
  const nonceBlock = Buffer.alloc(5 + needle.length);
  // BFINAL = 0, BTYPE = 00: the three header bits and the padding to the byte boundary are 0.
  nonceBlock.writeUInt16LE(needle.length, 1);
  nonceBlock.writeUInt16LE(~needle.length & 0xffff, 3);
  needle.copy(nonceBlock, 5);

  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  // zlib.crc32 answers 0, not the running value, for an empty buffer with no memory behind it.
  const addToChecksum = (data: Buffer) => {
    if (data.length > 0) crc = zlib.crc32(data, crc);
    size += data.length;
  };
  page.pieces.forEach((piece, index) => {
    if (index > 0) {
      parts.push(nonceBlock);
      addToChecksum(needle);
    }
    parts.push(page.deflated[index]!);
    addToChecksum(piece);
  });
  parts.push(FINAL_EMPTY_BLOCK, gzipTrailer(crc, size));
  return Buffer.concat(parts);
}

/** The gzip trailer: the CRC-32 and the length (mod 2^32) of the uncompressed data (RFC 1952). */
export function gzipTrailer(crc: number, size: number): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  return trailer;
}
