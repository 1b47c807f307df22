import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import stylesheet from "~/app.css?inline";
import { StylesheetContext } from "~/lib/inline-stylesheet";
import { NonceContext } from "~/lib/nonce";
import { isDatabaseUnreachable, noteDatabaseOutage, OUTAGE_RETRY_AFTER_SECONDS } from "~/services/database-outage.server";
import { classifyDatabaseFailure, isRetryableFailure } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { DocumentSink } from "~/web/document-html.server";
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
  // Every document is written once it is whole (ADR 0103): React writes the finished page in
  // one synchronous flush into a buffer, which the response carries as its bytes, with no
  // stream between React and the response (ADR 0110).
  return new Promise((resolve, reject) => {
    const sink = new DocumentSink();
    let failure: unknown;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StylesheetContext.Provider value={stylesheet}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </StylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(deadline);
          if (failure !== undefined)
            logger.error({ err: failure, url: new URL(request.url).pathname }, "part of the page failed to render");
          // React flushes the page, and ends the sink, before this render's work returns.
          sink.once("finish", () => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(sink.page(), { headers: responseHeaders, status: responseStatusCode }));
          });
          // React destroys its destination with the error when writing the page fails.
          sink.once("error", reject);
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(deadline);
          reject(error);
        },
        // A Suspense boundary whose content failed (or was still waiting at the deadline) is
        // left for the browser to render: the page is not whole, so it is not a 200.
        // (A failure of the shell comes here too, then to onShellError, and Remix's handleError logs it.)
        onError(error: unknown) {
          responseStatusCode = 500;
          failure ??= error;
        },
      },
    );
    // The deadline for a render that never finishes.
    const deadline = setTimeout(abort, streamTimeout + 1_000);
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
