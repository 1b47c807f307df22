import { Transform, Readable, type TransformCallback } from "node:stream";
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { formRefusal, refuseForbiddenCharacters } from "~/web/form-data.server";

/** A part's header block longer than this is not rewritten (the parser then refuses it). */
const MOST_HEADER_CHARS = 16 * 1024;

/** An error the route's own handler threw: passed on as it is, unlike the parser's. */
class HandlerFailure {
  constructor(readonly cause: unknown) {}
}

/**
 * Streams a multipart form through `handler`, as Remix's parser does, with two repairs.
 * The parser splits Content-Disposition at every ";" and "=", so a file named "a=b.pdf" or
 * "a;b.pdf" (legal, and sent as-is by browsers) made it throw: part headers are rewritten on
 * the way in with those characters escaped (%3D, %3B, %22, as browsers already escape quotes).
 * And a body the parser cannot read (a cut-off stream, a broken header) answers 400 in the
 * form's words instead of a 500; what the handler throws (storage failures) is passed on.
 */
export async function parseMultipartForm(request: Request, handler: UploadHandler): Promise<void> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers.get("Content-Type") ?? "");
  if (!request.body || !boundary) throw formRefusal();
  const repaired = Readable.toWeb(
    Readable.fromWeb(request.body as import("node:stream/web").ReadableStream).pipe(partHeaderRepair(boundary[1] ?? boundary[2]!)),
  ) as ReadableStream<Uint8Array>;
  const clean = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: repaired,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
  try {
    await unstable_parseMultipartFormData(clean, async (part) => {
      try {
        refuseForbiddenCharacters(part.name, part.filename ?? "");
        return await handler(part);
      } catch (error) {
        throw new HandlerFailure(error);
      }
    });
  } catch (error) {
    if (error instanceof HandlerFailure) throw error.cause;
    throw formRefusal();
  }
}

/**
 * Re-emits a Content-Disposition value with every parameter quoted and its ; = " escaped. A
 * value it cannot read cleanly to the end (an unclosed quote) is returned as it was, so the
 * parser refuses it as before.
 */
export function repairContentDisposition(value: string): string {
  const [kind, rest = ""] = splitFirst(value, ";");
  const text = `;${rest}`;
  const pattern = /;\s*([^=;\s"]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;"]*)\s*/y;
  const params: string[] = [];
  while (pattern.lastIndex < text.length) {
    const match = pattern.exec(text);
    if (!match) return value;
    const raw = match[2]!.trim();
    const unquoted = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw;
    params.push(`${match[1]}="${unquoted.replace(/=/g, "%3D").replace(/;/g, "%3B").replace(/"/g, "%22")}"`);
  }
  return [kind.trim(), ...params].join("; ");
}

function splitFirst(value: string, separator: string): [string, string] | [string] {
  const at = value.indexOf(separator);
  return at === -1 ? [value] : [value.slice(0, at), value.slice(at + 1)];
}

function repairHeaderBlock(block: string): string {
  return block
    .split("\r\n")
    .map((line) => {
      const colon = line.indexOf(":");
      if (colon === -1 || line.slice(0, colon).trim().toLowerCase() !== "content-disposition") return line;
      return `${line.slice(0, colon)}: ${repairContentDisposition(line.slice(colon + 1).trim())}`;
    })
    .join("\r\n");
}

/**
 * Finds each part's header block (between a delimiter and the blank line) in the byte stream
 * and rewrites its Content-Disposition; bodies pass through untouched. Bytes are handled as
 * latin1 text, which maps each byte to one character and back, so UTF-8 names survive.
 */
function partHeaderRepair(boundary: string): Transform {
  const delimiter = `--${boundary}`;
  let pending = "";
  let state: "body" | "headers" | "epilogue" = "body";
  const emit = (stream: Transform, text: string) => text && stream.push(Buffer.from(text, "latin1"));
  const advance = (stream: Transform) => {
    for (;;) {
      if (state === "epilogue") return (emit(stream, pending), (pending = ""));
      if (state === "body") {
        const at = pending.indexOf(delimiter);
        if (at === -1) {
          const keep = Math.max(0, pending.length - (delimiter.length - 1));
          emit(stream, pending.slice(0, keep));
          pending = pending.slice(keep);
          return;
        }
        emit(stream, pending.slice(0, at + delimiter.length));
        pending = pending.slice(at + delimiter.length);
        state = "headers";
        continue;
      }
      if (pending.length < 2) return;
      if (pending.startsWith("--")) {
        state = "epilogue";
        continue;
      }
      const end = pending.indexOf("\r\n\r\n");
      if (end === -1) {
        if (pending.length > MOST_HEADER_CHARS) state = "epilogue";
        else return;
        continue;
      }
      emit(stream, repairHeaderBlock(pending.slice(0, end)));
      pending = pending.slice(end);
      state = "body";
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending += chunk.toString("latin1");
      advance(this);
      callback();
    },
    flush(callback: TransformCallback) {
      emit(this, pending);
      pending = "";
      callback();
    },
  });
}
