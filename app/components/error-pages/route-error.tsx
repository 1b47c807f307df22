import { isRouteErrorResponse } from "@remix-run/react";
import { ErrorPage } from "./error-page";
import { NotFoundPage } from "./not-found-page";

/**
 * What an error boundary shows for a caught route error: the not-found page for a 404,
 * otherwise the safe error page. The stack is shown only in development.
 */
export function RouteError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage detail={import.meta.env.DEV ? describeError(error) : undefined} />;
}

function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}
