import { useLocation } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { loadFailureFor } from "~/lib/route-table";

/**
 * The page for unexpected failures, titled by the route table's load-failure words for the
 * page that failed. `detail` is for development only; production never shows it.
 */
export function ErrorPage({ detail }: { detail?: string }) {
  const location = useLocation();
  const failure = loadFailureFor(location.pathname);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">Unexpected error</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-ink sm:text-5xl">{failure?.title ?? "Something went wrong"}</h1>
      <p className="mt-4 text-lg text-slate-700">
        {failure?.description ? `${failure.description} ` : null}
        We couldn’t load this page. Please refresh the page, and if the problem continues, try again in a few minutes.
      </p>
      {/* A plain link to the same address reloads the page with or without JavaScript. */}
      <a href={`${location.pathname}${location.search}`} className={buttonClasses("primary", "lg", "mt-8")}>
        Refresh Page
      </a>
      {detail ? (
        <pre className="mt-8 max-w-full overflow-x-auto rounded-lg bg-slate-100 p-4 text-left text-sm text-slate-800">{detail}</pre>
      ) : null}
    </div>
  );
}
