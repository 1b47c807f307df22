import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * The page's HTML with every `<link rel="modulepreload">` (Remix's `<Scripts/>` renders one per
 * module the page hydrates with) asking for low fetch priority (ADR 0042). Server-rendered
 * pages read and work before their scripts run, so the browser fetches what paints first
 * (the document, its images) ahead of the ~150 KiB gzip of JavaScript that hydrates it.
 * React renders no `fetchPriority` on those links, hence this rewrite of the byte stream; a
 * tag split across two chunks is held back until the next chunk completes it.
 *
 * React writes a page as many ~2 KB chunks in one synchronous burst. Each chunk passed on
 * would cost its own trip through the web stream, a zlib job and a socket write (ADR 0026:
 * a fifth of a signed-in page's CPU), so what one burst wrote goes on as one chunk, once the
 * burst is over; a page that streams in several bursts (a Suspense boundary) still streams.
 */
export function lowPriorityModulePreloads(): Transform {
  let pending = "";
  let burst: string[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  // A UTF-8 character split between two chunks is completed by the decoder, not mangled.
  const decoder = new StringDecoder("utf8");
  const takeBurst = (final: boolean): string => {
    const text = pending + burst.join("") + (final ? decoder.end() : "");
    burst = [];
    // Keep back what could be the start of the tag at the end; the next burst completes it.
    const keep = final ? 0 : heldBackLength(text);
    pending = text.slice(text.length - keep);
    return rewrite(text.slice(0, text.length - keep));
  };
  const stream = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      burst.push(typeof chunk === "string" ? chunk : decoder.write(chunk));
      scheduled ??= setImmediate(() => {
        scheduled = undefined;
        const html = takeBurst(false);
        if (html) stream.push(html);
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

function rewrite(html: string): string {
  return html.replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
}

/** How many characters at the end of `text` could be the beginning of the preload tag. */
function heldBackLength(text: string): number {
  for (let length = Math.min(PRELOAD.length - 1, text.length); length > 0; length--) {
    if (PRELOAD.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
