import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { paths } from "~/lib/paths";

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">Error 404</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-ink sm:text-5xl">Oops! Page not found</h1>
      <p className="mt-4 text-lg text-slate-700">
        The page you were looking for has moved or never existed. Let’s get you back on solid ground.
      </p>
      <Link to={paths.home()} className={buttonClasses("primary", "lg", "mt-8")}>
        Return to Home
      </Link>
    </div>
  );
}
