import { Transform } from "node:stream";

const DOCUMENT_END = Buffer.from("</body></html>");
const NOTHING = Buffer.alloc(0);

/**
 * The page's HTML on its way out: React writes a page as many ~2 KB chunks in one synchronous
 * burst. Each chunk passed on would cost its own trip through the web stream, a zlib job and a
 * socket write (ADR 0026: a fifth of a signed-in page's CPU), so what one burst wrote goes on as
 * one chunk, once the burst is over; a page that streams in several bursts (a Suspense
 * boundary) still streams.
 *
 * React 18 writes `</body></html>` with the first burst (the shell), and what a Suspense
 * boundary streams later (Remix's deferred data and the scripts that place it) lands after
 * it, outside the document, where no validator accepts it. So that closing pair is taken out
 * where React writes it and written once, as the stream's last bytes.
 *
 * (Until ADR 0091 this stream also marked Remix's module preloads low priority; the page has
 * none now: its scripts are asked for after the first paint.)
 */
export function documentStream(): Transform {
  let pending: Buffer = NOTHING;
  let burst: Uint8Array[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  const closing = { held: false };
  // Bytes, never decoded: the closing pair is ASCII, so a character split between chunks passes through
  // as it came, and the page is not copied into a string and back.
  const takeBurst = (final: boolean): Buffer => {
    const bytes = Buffer.concat([pending, ...burst]);
    burst = [];
    // Keep back what could be the start of the document's end; the next burst completes it.
    const keep = final || closing.held ? 0 : partialAtEnd(bytes, DOCUMENT_END);
    pending = keep ? Buffer.from(bytes.subarray(bytes.length - keep)) : NOTHING;
    const ready = bytes.subarray(0, bytes.length - keep);
    const html = closing.held ? ready : withoutDocumentEnd(ready, closing);
    return final && closing.held ? Buffer.concat([html, DOCUMENT_END]) : html;
  };
  const stream = new Transform({
    transform(chunk: Uint8Array | string, _encoding, done) {
      burst.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      scheduled ??= setImmediate(() => {
        scheduled = undefined;
        const html = takeBurst(false);
        if (html.length) stream.push(html);
      });
      done();
    },
    flush(done) {
      if (scheduled) clearImmediate(scheduled);
      scheduled = undefined;
      done(null, takeBurst(true));
    },
    destroy(error, done) {
      if (scheduled) clearImmediate(scheduled);
      scheduled = undefined;
      done(error);
    },
    decodeStrings: false,
  });
  return stream;
}

/** The bytes without the first `</body></html>`, noting in `closing` that it is held for the end. */
function withoutDocumentEnd(html: Buffer, closing: { held: boolean }): Buffer {
  const at = html.indexOf(DOCUMENT_END);
  if (at < 0) return html;
  closing.held = true;
  return Buffer.concat([html.subarray(0, at), html.subarray(at + DOCUMENT_END.length)]);
}

function partialAtEnd(html: Buffer, tag: Buffer): number {
  for (let length = Math.min(tag.length - 1, html.length); length > 0; length--) {
    if (html.subarray(html.length - length).equals(tag.subarray(0, length))) return length;
  }
  return 0;
}
