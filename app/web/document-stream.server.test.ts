import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { documentStream } from "./document-stream.server";

async function through(chunks: (string | Buffer)[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks).pipe(documentStream());
  for await (const chunk of stream) out.push(Buffer.from(chunk as Uint8Array));
  // The stream is bytes: a character may be split between two chunks, as on the wire.
  return Buffer.concat(out).toString("utf8");
}

const page =
  "<html><head><style>p{}</style></head><body><p>₹8,300 — शेयर</p>" +
  '<script type="module" async="">(window.__aanganStart||function(h,s){s()})(["/assets/a.js"],function(){});</script></body></html>';

describe("documentStream", () => {
  it("passes the page through byte for byte, whatever its chunks and wherever a character is split", async () => {
    expect(await through([page])).toBe(page);
    const bytes = Buffer.from(page, "utf8");
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(page);
    }
    for (let cut = 1; cut < page.length; cut += 7) {
      expect(await through([page.slice(0, cut), page.slice(cut)])).toBe(page);
    }
  });

  it("leaves Remix's module preloads as React wrote them (none are rendered since ADR 0091)", async () => {
    const plain = '<html><body><link rel="modulepreload" href="/a.js"/><link rel="stylesheet" href="/x.css"/></body></html>';
    expect(await through(plain.split(""))).toBe(plain);
  });

  it("passes what React writes in one burst on as one chunk, and a later burst as another (a page still streams)", async () => {
    const stream = documentStream();
    const out: string[] = [];
    stream.on("data", (chunk: Buffer | string) => out.push(String(chunk)));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    const bytes = Buffer.from(page, "utf8");
    // Like React's ~2 KB views: many writes in one synchronous burst, cut mid-character and mid-tag.
    for (let at = 0; at < bytes.length; at += 7) stream.write(bytes.subarray(at, at + 7));
    await new Promise((resolve) => setImmediate(resolve));
    // The shell goes at once, all but the document's end, which waits for the last boundary.
    const shell = page.slice(0, -"</body></html>".length);
    expect(out).toEqual([shell]);
    stream.write("<p>later</p>");
    stream.write("<p>boundary</p>");
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toEqual([shell, "<p>later</p><p>boundary</p>"]);
    stream.end("<p>last</p>");
    await ended;
    expect(out.join("")).toBe(`${shell}<p>later</p><p>boundary</p><p>last</p></body></html>`);
  });

  it("keeps what a Suspense boundary streams after the shell inside <body> (issue: Remix's streamed scripts)", async () => {
    const shell = '<!DOCTYPE html><html><head></head><body><main><!--$?--><template id="B:0"></template><!--/$--></main></body></html>';
    const boundary = '<div hidden id="S:0"><p>data</p></div><script>$RC("B:0","S:0")</script>';
    const html = await through([shell, boundary]);
    expect(html).toBe(`${shell.replace("</body></html>", "")}${boundary}</body></html>`);
    // Split anywhere, the closing pair is still found and moved.
    for (let cut = 1; cut < shell.length; cut++) {
      expect(await through([shell.slice(0, cut), shell.slice(cut), boundary])).toBe(html);
    }
  });
});
