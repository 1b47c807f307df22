import { RouteLink } from "~/components/ui/route-link";
import { SEBI_SCORES_URL, SMART_ODR_URL, TRUST_PAGES } from "~/lib/trust-pages";
import { BrandMark } from "~/components/ui/brand-mark";
import type { GrievanceOfficer } from "~/lib/grievance-routes";
import { paths } from "~/lib/paths";

const linkClasses =
  "rounded-sm text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** `signedIn` swaps the sign-in link for the dashboard entry; the Grievance Officer is named on every page (IT Rules 2021 r.3(2)). */
export function SiteFooter({ signedIn, grievanceOfficer }: { signedIn: boolean; grievanceOfficer: GrievanceOfficer | null }) {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <BrandMark className="h-7 w-7" />
            Aangan
          </p>
          <p className="mt-3 max-w-xs text-sm leading-6">
            Fractional ownership of income-generating Indian real estate, for investors who want to start small.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold text-white">Explore</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <RouteLink to={paths.properties()} className={linkClasses}>
                Properties
              </RouteLink>
            </li>
            <li>
              {signedIn ? (
                <RouteLink to={paths.welcome()} className={linkClasses}>
                  Welcome page
                </RouteLink>
              ) : (
                <RouteLink to={paths.signIn()} className={linkClasses}>
                  Sign in
                </RouteLink>
              )}
            </li>
          </ul>
        </nav>
        <nav aria-label="Policies">
          <h2 className="text-sm font-semibold text-white">Trust and help</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {TRUST_PAGES.map((page) => (
              <li key={page.to}>
                <RouteLink to={page.to} className={linkClasses}>
                  {page.label}
                </RouteLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-white">Grievances</h2>
          {grievanceOfficer ? (
            <p className="mt-3 text-sm leading-6">
              Grievance Officer: {grievanceOfficer.name},{" "}
              <a href={`mailto:${grievanceOfficer.email}`} className={linkClasses}>
                {grievanceOfficer.email}
              </a>
              , {grievanceOfficer.phone}
            </p>
          ) : null}
          <p className="mt-2 text-sm leading-6">
            Not resolved? Complain to SEBI on{" "}
            <a href={SEBI_SCORES_URL} className={`${linkClasses} underline`} rel="noopener noreferrer">
              SCORES
            </a>
            , then seek online dispute resolution on{" "}
            <a href={SMART_ODR_URL} className={`${linkClasses} underline`} rel="noopener noreferrer">
              SMART ODR
            </a>
            .
          </p>
          <p className="mt-3 text-xs leading-5 text-slate-400">
            Target returns are estimates, not promises. Property values and rental income can go down as well as up.
          </p>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} Aangan. All amounts in Indian rupees.
        </p>
      </div>
    </footer>
  );
}
