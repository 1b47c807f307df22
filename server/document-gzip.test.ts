import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { DocumentGzip, precompressConstant } from "./document-gzip";

const OPENING = '<style id="app-stylesheet"';
// A stylesheet big enough to compress well, with a character outside ASCII in it.
const CSS = Array.from({ length: 400 }, (_, i) => `.rule-${i}{margin:${i}px;content:"₹"}`).join("");
const constant = precompressConstant(OPENING, CSS);

function page(nonce: string, css = CSS, body = "<main><h1>Wallet</h1></main>") {
  return `<!DOCTYPE html><html><head>${OPENING} nonce="${nonce}">${css}</style></head><body>${body}</body></html>`;
}

function encode(chunks: string[], gzip = new DocumentGzip(constant)): { bytes: Buffer; spliced: boolean } {
  const parts = chunks.map((chunk) => gzip.write(Buffer.from(chunk, "utf8")));
  parts.push(gzip.end());
  return { bytes: Buffer.concat(parts), spliced: gzip.splicedConstant };
}

describe("a rendered page's gzip stream", () => {
  it("decodes to exactly the page, with the stylesheet's blocks compressed once put in whole", () => {
    const html = page("n0nce+/=");
    const { bytes, spliced } = encode([html]);
    expect(spliced).toBe(true);
    expect(zlib.gunzipSync(bytes).toString("utf8")).toBe(html);
    expect(bytes.includes(constant.deflated)).toBe(true);
  });

  it("gives every answer the same stylesheet blocks whatever its nonce", () => {
    const first = encode([page("first-nonce")]).bytes;
    const second = encode([page("another-nonce-entirely")]).bytes;
    expect(first.includes(constant.deflated) && second.includes(constant.deflated)).toBe(true);
    expect(zlib.gunzipSync(second).toString("utf8")).toBe(page("another-nonce-entirely"));
  });

  it("joins a page streamed in several chunks into one stream, read as it arrives", () => {
    const html = page("n", CSS, "<main>".padEnd(5000, "x") + "</main>");
    const cut = html.indexOf("<main>") + 100;
    const chunks = [html.slice(0, cut), html.slice(cut, cut + 2000), html.slice(cut + 2000)];
    const { bytes, spliced } = encode(chunks);
    expect(spliced).toBe(true);
    expect(zlib.gunzipSync(bytes).toString("utf8")).toBe(html);
    // Each chunk's bytes decode on their own once they arrive (a streamed page shows as it comes).
    const gzip = new DocumentGzip(constant);
    const head = Buffer.concat([gzip.write(Buffer.from(chunks[0]!)), gzip.write(Buffer.from(chunks[1]!))]);
    const partial = zlib.gunzipSync(head, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString("utf8");
    expect(partial).toBe(chunks[0]! + chunks[1]!);
  });

  it("compresses a page whose stylesheet is not the one kept as it is, and still decodes to it", () => {
    const changedAtTheEnd = `${CSS.slice(0, -1)}!`;
    for (const html of [page("n", changedAtTheEnd), page("n", CSS.slice(1)), "<!DOCTYPE html><p>no stylesheet</p>", ""]) {
      const { bytes, spliced } = encode([html]);
      expect(spliced).toBe(false);
      expect(zlib.gunzipSync(bytes).toString("utf8")).toBe(html);
    }
  });

  it("compresses the stylesheet as ordinary bytes when a chunk boundary cuts through it", () => {
    const html = page("n");
    const cut = html.indexOf(".rule-10");
    const { bytes, spliced } = encode([html.slice(0, cut), html.slice(cut)]);
    expect(spliced).toBe(false);
    expect(zlib.gunzipSync(bytes).toString("utf8")).toBe(html);
  });

  it("puts the stylesheet in once even when a later chunk carries the same bytes again", () => {
    const html = page("n");
    const { bytes } = encode([html, html]);
    expect(zlib.gunzipSync(bytes).toString("utf8")).toBe(html + html);
    expect(bytes.indexOf(constant.deflated)).toBe(bytes.lastIndexOf(constant.deflated));
  });
});
