/** A refused request's heading (also the browser title's first part) and its default reason. */
export type ClientErrorCopy = { heading: string; message: string };

const COPY: Record<number, ClientErrorCopy> = {
  400: { heading: "Request Not Accepted", message: "This request could not be read. Please go back and try again." },
  401: { heading: "Sign In Required", message: "Please sign in to continue." },
  403: { heading: "Access Denied", message: "You do not have permission to open this page." },
  405: { heading: "Not Available Here", message: "This page cannot be used that way." },
  409: { heading: "Already Changed", message: "This was changed in the meantime. Please reload the page." },
  413: { heading: "Request Too Large", message: "What you sent is too large. Please try something smaller." },
  429: { heading: "Too Many Requests", message: "Please wait a minute before trying again." },
};

const FALLBACK: ClientErrorCopy = {
  heading: "Request Not Accepted",
  message: "This request could not be completed. Please go back and try again.",
};

/** True for the statuses that mean the request, not the server, was at fault (404 has its own page). */
export function isClientError(status: number | undefined): status is number {
  return status !== undefined && status >= 400 && status < 500;
}

export function clientErrorCopy(status: number): ClientErrorCopy {
  return COPY[status] ?? FALLBACK;
}
