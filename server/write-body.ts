import type { Writable } from "node:stream";

type Response = Writable & { flush?: () => void };

/** Turns the body's chunks into what is sent (a page's gzip stream, server/document-gzip.ts). */
export type BodyEncoder = { write(chunk: Uint8Array): Uint8Array; end(): Uint8Array };

/**
 * Writes a web body to the Node response as Remix's writeReadableStreamToWritable does (each
 * chunk flushed through compression, so a streamed page or event reaches the client at once),
 * but reads the next chunk only once the response has room for it. Remix's writer ignores
 * `write()`'s answer, so a large download (the analytics CSV) was read from the database as fast
 * as it could be and queued in memory for a slow client. A client that goes away cancels the
 * body, which stops its source.
 */
export async function writeBody(body: ReadableStream<Uint8Array>, res: Response): Promise<void> {
  const reader = body.getReader();
  // One listener each for the whole response. The compression middleware moves a response's
  // 'drain' listeners to its zlib stream and cannot take one off again, so a listener per wait
  // would pile up on a long download.
  let wake: ((open: boolean) => void) | null = null;
  const onDrain = () => wake?.(true);
  // A client gone while the body has nothing to send (an event stream between events) cancels
  // the body here, so its source lets go without depending on the request's abort signal
  // reaching the route (where Remix copies the request, the copy's signal only follows ours).
  const onClose = () => (wake ? wake(false) : void reader.cancel().catch(() => undefined));
  res.on("drain", onDrain);
  res.once("close", onClose);
  try {
    for (;;) {
      if (res.destroyed) return void (await reader.cancel().catch(() => undefined));
      const { done, value } = await reader.read();
      if (res.destroyed) return void (await reader.cancel().catch(() => undefined));
      if (done) break;
      const room = res.write(value);
      res.flush?.();
      if (room) continue;
      const open = await new Promise<boolean>((resolve) => (wake = resolve));
      wake = null;
      if (!open) return void (await reader.cancel().catch(() => undefined));
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  } finally {
    res.removeListener("close", onClose);
  }
}

type WholeResponse = Writable & { setHeader(name: string, value: number): unknown };

/**
 * A rendered page is whole before its first byte is sent (entry.server waits for React's
 * onAllReady, ADR 0103), so its compressed bytes go out in one write with their length: one
 * socket write where writeBody made two (the page, then the stream's end), and no chunked
 * framing around them. A client that goes away cancels the body, as in writeBody.
 */
export async function writeWholeBody(body: ReadableStream<Uint8Array>, res: WholeResponse, encoder: BodyEncoder): Promise<void> {
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  const onClose = () => void reader.cancel().catch(() => undefined);
  res.once("close", onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (res.destroyed) return void (await reader.cancel().catch(() => undefined));
      if (done) break;
      parts.push(encoder.write(value));
    }
    parts.push(encoder.end());
    const whole = Buffer.concat(parts);
    res.setHeader("Content-Length", whole.length);
    res.end(whole);
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  } finally {
    res.removeListener("close", onClose);
  }
}
