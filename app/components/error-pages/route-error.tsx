import { isRouteErrorResponse } from "@remix-run/react";
import { isClientError } from "~/lib/client-errors";
import { ClientErrorPage } from "./client-error-page";
import { ErrorPage } from "./error-page";
import { NotFoundPage } from "./not-found-page";

/**
 * What an error boundary shows for a caught route error: the not-found page for a 404, the
 * refused-request page (with the server's own words when it sent a short text) for any other
 * 4xx, otherwise the safe error page. The stack is shown only in development.
 */
export function RouteError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && isClientError(error.status)) {
    return <ClientErrorPage status={error.status} reason={shortText(error.data)} />;
  }
  return <ErrorPage detail={import.meta.env.DEV ? describeError(error) : undefined} />;
}

/** A plain-text reason (a thrown Response's body), never markup or a long dump. */
function shortText(data: unknown): string | undefined {
  return typeof data === "string" && data.length > 0 && data.length <= 300 && !data.includes("<") ? data : undefined;
}

function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}
