import { NavLink } from "@remix-run/react";
import { paths } from "~/lib/paths";

export const WAITLIST_NAV = [
  { label: "Overview", to: paths.waitlistDashboard.overview() },
  { label: "Watchlist", to: paths.waitlistDashboard.watchlist() },
  { label: "Wallet", to: paths.waitlistDashboard.wallet() },
  { label: "Learn", to: paths.waitlistDashboard.learn() },
  { label: "Support", to: paths.waitlistDashboard.support() },
  // DPDP rights are every user's (ADR 0082); the page is shared with the investor dashboard.
  { label: "Your Data", to: paths.dashboard.dataRights() },
] as const;

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  [
    "block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100",
  ].join(" ");

/** The waitlist dashboard's navigation: a sidebar from md up; below, every section in a wrapping grid. */
export function WaitlistNav() {
  return (
    <nav
      aria-label="Waitlist dashboard"
      className="border-b border-slate-200 md:w-56 md:shrink-0 md:border-r md:border-b-0 md:px-3 md:py-6"
    >
      <ul className="grid grid-cols-2 gap-1 px-4 py-2 min-[420px]:grid-cols-3 md:block md:space-y-1 md:p-0">
        {WAITLIST_NAV.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={linkClasses}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
