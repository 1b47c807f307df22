import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import stylesheet from "~/app.css?inline";
import { StylesheetContext } from "~/lib/inline-stylesheet";
import { NonceContext } from "~/lib/nonce";
import { isDatabaseUnreachable, noteDatabaseOutage, OUTAGE_RETRY_AFTER_SECONDS } from "~/services/database-outage.server";
import { classifyDatabaseFailure, isRetryableFailure } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { documentStream } from "~/web/document-stream.server";
import { isClientFailure } from "~/web/client-failure.server";
import { expectedFailureLine } from "~/web/test-probe.server";

export const streamTimeout = 5_000;

/** The stylesheet every page inlines, for the server to compress once (server/document-gzip.ts, ADR 0095). */
export const inlineStylesheet = stylesheet;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  // The database could not be reached: a 503 (try again shortly), not a 500 (ADR 0034).
  if (loadContext.databaseUnavailable === true) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
  }
  // Every document is written once it is whole. Loaders have finished before the render starts
  // and no page defers data, so streaming the shell first bought no earlier byte: it split each
  // page into the shell and a Suspense completion per chunk of the loaders' data (Remix's
  // StreamTransfer), each its own compression and socket write, with React's script that moves
  // completed boundaries into place. ADR 0103.
  return new Promise((resolve, reject) => {
    let written = false;
    // React's bursts coalesced, the document's end kept last.
    const body = documentStream();
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StylesheetContext.Provider value={stylesheet}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </StylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          written = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          body.destroy();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (written) logger.error({ err: error }, "rendering failed after the page was written");
        },
      },
    );
    // The deadline for a render that never finishes. Cleared once the page is written: left
    // running, each request's timer kept its finished render alive for six seconds and then
    // aborted it anyway, which ends the already-ended stream again (an error built and dropped).
    const deadline = setTimeout(abort, streamTimeout + 1_000);
    body.once("close", () => clearTimeout(deadline));
  });
}

/**
 * Remix's default prints every loader or action failure with console.error. Here a failure
 * is one log line through the app's logger (with its stack only when it is a real one), a
 * request the visitor abandoned is not an error, and the e2e probes' deliberate failures
 * say that they are expected.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isDatabaseUnreachable(error)) {
    // Marks this request (answered 503) and the process (server/database-outage-gate.ts).
    (context as Record<string, unknown>).databaseUnavailable = true;
    noteDatabaseOutage();
    logger.warn({ url: new URL(request.url).pathname }, "database unreachable: answering 503");
    return;
  }
  if (isRetryableFailure(error)) {
    // Still a conflict (deadlock, serialization, lock wait) after runTransaction's retries: all
    // of it was rolled back, so "try again" (503 + Retry-After) is the honest answer, not 500.
    (context as Record<string, unknown>).databaseUnavailable = true;
    logger.error(
      { url: new URL(request.url).pathname, failure: classifyDatabaseFailure(error) },
      "conflict persisted after retries: answering 503",
    );
    return;
  }
  if (isClientFailure(error)) {
    logger.debug({ url: new URL(request.url).pathname, status: (error as { status: number }).status }, "request refused (4xx)");
    return;
  }
  const expected = expectedFailureLine(error);
  if (expected) {
    logger.warn(expected);
    return;
  }
  logger.error({ err: error, url: new URL(request.url).pathname }, "request failed");
};

/** A data request (client navigation) that failed on an unreachable database answers 503 too. */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  if (context.databaseUnavailable !== true) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
};
