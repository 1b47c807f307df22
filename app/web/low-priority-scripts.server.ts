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
 */
export function lowPriorityModulePreloads(): Transform {
  let pending = "";
  // A UTF-8 character split between two chunks is completed by the decoder, not mangled.
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = pending + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      // Keep back what could be the start of the tag at the end; the next chunk completes it.
      const keep = heldBackLength(text);
      pending = text.slice(text.length - keep);
      done(null, rewrite(text.slice(0, text.length - keep)));
    },
    flush(done) {
      done(null, rewrite(pending + decoder.end()));
    },
    decodeStrings: false,
  });
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
