import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { clientErrorCopy } from "~/lib/client-errors";
import { paths } from "~/lib/paths";

/**
 * The page for a request the app refused (a 4xx other than 404): the visitor's request, not
 * the site, is what went wrong, so it says so and gives the server's reason when it has one.
 */
export function ClientErrorPage({ status, reason }: { status: number; reason?: string }) {
  const copy = clientErrorCopy(status);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">Error {status}</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-ink sm:text-5xl">{copy.heading}</h1>
      <p className="mt-4 text-lg text-slate-700">{reason || copy.message}</p>
      <Link to={paths.home()} className={buttonClasses("primary", "lg", "mt-8")}>
        Return to Home
      </Link>
    </div>
  );
}
