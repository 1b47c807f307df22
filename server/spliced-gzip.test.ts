import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { cutAtNonce } from "./micro-cache";
import { gzipWithNonce, precompress } from "./spliced-gzip";

const rendered = "r3nd3r3d-n0nce";
const page = (nonce: string) =>
  `${nonce}<!DOCTYPE html><html><head><style nonce="${nonce}">p{color:red}</style></head><body><p>₹8,300 — शेयर</p>` +
  `${"<li>Bench property</li>".repeat(3000)}<script nonce="${nonce}">window.x=1</script></body></html>${nonce}`;

describe("a cached page compressed once and sent with each reader's nonce (ADR 0027)", () => {
  it("is a valid gzip stream of the page with the reader's nonce, whatever the nonce", () => {
    const precompressed = precompress(cutAtNonce(Buffer.from(page(rendered)), rendered));
    for (const nonce of ["AAAAAAAAAAAAAAAAAAAAAA==", "x", "a-much-longer-nonce-than-the-one-rendered-0123456789"]) {
      const body = gzipWithNonce(precompressed, nonce);
      // gunzip checks the CRC-32 and the length in the trailer too.
      expect(zlib.gunzipSync(body).toString("utf8")).toBe(page(nonce));
      expect(body.length).toBeLessThan(Buffer.byteLength(page(nonce)) / 10);
    }
  });

  it("handles a page without any nonce and an empty piece", () => {
    const plain = precompress([Buffer.from("<p>no nonce</p>")]);
    expect(zlib.gunzipSync(gzipWithNonce(plain, "n")).toString()).toBe("<p>no nonce</p>");
    const empty = precompress([Buffer.alloc(0), Buffer.from("<b>"), Buffer.alloc(0)]);
    expect(zlib.gunzipSync(gzipWithNonce(empty, "N1")).toString()).toBe("N1<b>N1");
  });
});
