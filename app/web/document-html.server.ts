import { Writable } from "node:stream";

const DOCUMENT_END = Buffer.from("</body></html>");

/**
 * Where React writes a page that is rendered whole (ADR 0110): its chunks are kept in order
 * and joined once the render ends. Nothing here waits: the buffer never reports itself full,
 * so React writes the whole page in the one synchronous flush that follows `onAllReady`,
 * large chunks (the inline stylesheet) included. It emits no `close`: React treats a `close`
 * as the client going away and aborts the finished render, building an error it then drops.
 */
export class DocumentSink extends Writable {
  private readonly chunks: Buffer[] = [];

  constructor() {
    super({ highWaterMark: Number.MAX_SAFE_INTEGER, emitClose: false, decodeStrings: true });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    done();
  }

  /** The page written so far, with `</body></html>` as its last bytes. */
  page(): Buffer<ArrayBuffer> {
    // Buffer.concat's bytes are always a fresh ArrayBuffer, never a shared one.
    return withDocumentEndLast(Buffer.concat(this.chunks)) as Buffer<ArrayBuffer>;
  }
}

/**
 * React closes `<body>` and `<html>` where the root component ends, and Remix's data scripts
 * (StreamTransfer, rendered beside the root) follow them, outside the document, where no
 * validator accepts them. The closing pair moves to the end, after the scripts.
 */
export function withDocumentEndLast(html: Buffer): Buffer {
  const at = html.indexOf(DOCUMENT_END);
  if (at < 0 || at === html.length - DOCUMENT_END.length) return html;
  return Buffer.concat([html.subarray(0, at), html.subarray(at + DOCUMENT_END.length), DOCUMENT_END]);
}
