import { describe, expect, it } from "vitest";
import { cutAtNonce, withNonce } from "./micro-cache";

describe("a cached page's nonce swap", () => {
  const page = (nonce: string) =>
    `<html><head><style nonce="${nonce}">a{}</style></head><body>₹1,00,000 — घर<script nonce="${nonce}">x()</script>` +
    `<script nonce="${nonce}" type="module">import "/a.js"</script></body></html>`;

  it("puts the reader's nonce wherever the rendering's was, and leaves every other byte alone", () => {
    const rendered = Buffer.from(page("rendered+nonce/1=="), "utf8");
    const pieces = cutAtNonce(rendered, "rendered+nonce/1==");
    expect(pieces).toHaveLength(4);
    expect(withNonce(pieces, "reader-nonce-2").toString("utf8")).toBe(page("reader-nonce-2"));
  });

  it("answers the body as it is when the nonce does not occur in it or there is none", () => {
    const body = Buffer.from("<html><body>₹ no scripts</body></html>", "utf8");
    expect(withNonce(cutAtNonce(body, "abc"), "xyz").equals(body)).toBe(true);
    expect(cutAtNonce(body, "")).toEqual([body]);
  });

  it("handles a nonce at the very start and end of the body", () => {
    const body = Buffer.from("N1<p>N1</p>N1", "utf8");
    expect(withNonce(cutAtNonce(body, "N1"), "second").toString("utf8")).toBe("second<p>second</p>second");
  });
});
