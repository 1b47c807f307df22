import { createRequire } from "node:module";
import path from "node:path";
import { createElement as h, Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DocumentSink, withDocumentEndLast } from "./document-html.server";

const stylesheet = "p{color:red}".repeat(4_000); // 48 KB: one chunk larger than a Writable's usual buffer

function Page() {
  return h(
    "html",
    null,
    h("head", null, h("style", { dangerouslySetInnerHTML: { __html: stylesheet } })),
    h("body", null, h("p", null, "₹8,300 — शेयर")),
  );
}

// The build the server runs (NODE_ENV=production); the tests otherwise load the development one.
const requireHere = createRequire(import.meta.url);
const productionBuild = path.join(path.dirname(requireHere.resolve("react-dom/server")), "cjs/react-dom-server.node.production.min.js");
const productionRenderer = (requireHere(productionBuild) as typeof import("react-dom/server")).renderToPipeableStream;

/** Renders as entry.server does: piped into the sink once all is ready. */
function render(
  element: React.ReactElement,
  renderer: typeof renderToPipeableStream = renderToPipeableStream,
): Promise<{ sink: DocumentSink; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const sink = new DocumentSink();
    let closed = false;
    sink.on("close", () => (closed = true));
    const { pipe } = renderer(element, {
      onAllReady() {
        sink.once("finish", () => setImmediate(() => resolve({ sink, closed })));
        pipe(sink);
      },
      onShellError: reject,
    });
  });
}

describe("DocumentSink", () => {
  it("takes the whole page, a chunk larger than a stream's buffer included", async () => {
    const { sink } = await render(h(Page));
    const html = sink.page().toString("utf8");
    expect(html.startsWith("<!DOCTYPE html><html><head><style>")).toBe(true);
    expect(html).toContain(stylesheet);
    expect(html).toContain("<p>₹8,300 — शेयर</p>");
    expect(html.endsWith("</body></html>")).toBe(true);
  });

  it("emits no close, so React does not abort the render it has finished", async () => {
    const { closed } = await render(h(Page));
    expect(closed).toBe(false);
  });

  it("moves </body></html> after what React writes beside the root (Remix's data scripts)", async () => {
    const element = h("div", null, h(Page), h(Suspense, null, h("script", { dangerouslySetInnerHTML: { __html: "window.__data=1" } })));
    const { sink } = await render(element);
    const html = sink.page().toString("utf8");
    expect(html.indexOf("</body></html>")).toBe(html.length - "</body></html>".length);
    expect(html.indexOf("window.__data=1")).toBeGreaterThan(html.indexOf("₹8,300"));
    expect(html.split("</body></html>")).toHaveLength(2);
  });
});

// React 18.3 writes short strings into 2,048-byte views; where a multi-byte character did not fit
// at a view's end it sent the whole view, with one or two zero bytes in it (ADR 0111). A page of
// amounts shifted a byte at a time puts a ₹ (three bytes) or a − (three) across that boundary.
describe.each([
  ["development", renderToPipeableStream],
  ["production", productionRenderer],
])("React's %s renderer", (_build, renderer) => {
  it("writes a multi-byte character at its buffer's boundary without zero bytes", async () => {
    const rows = Array.from({ length: 200 }, (_, i) => h("li", { key: i }, `−₹${i},200 paid`));
    for (let shift = 0; shift < 12; shift++) {
      const { sink } = await render(h("ul", null, h("li", null, "x".repeat(shift)), rows), renderer);
      const html = sink.page().toString("utf8");
      expect(html).not.toContain("\0");
      expect(html).toContain(`<li>−₹199,200 paid</li>`);
      expect(html.match(/−₹/g)).toHaveLength(200);
    }
  });
});

describe("withDocumentEndLast", () => {
  it("leaves a page that already ends with it, or has none, as it is", () => {
    for (const page of ["<html><body>x</body></html>", "<p>a fragment</p>", ""]) {
      expect(withDocumentEndLast(Buffer.from(page)).toString()).toBe(page);
    }
  });

  it("moves only the first pair, byte for byte, with multi-byte characters around it", () => {
    const page = "<html><body>₹1</body></html><script>शेयर</script>";
    expect(withDocumentEndLast(Buffer.from(page)).toString()).toBe("<html><body>₹1<script>शेयर</script></body></html>");
  });
});
