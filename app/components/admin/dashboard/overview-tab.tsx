import { Link } from "@remix-run/react";
import { StatCard } from "~/components/admin/pager";
import { buttonClasses } from "~/components/ui/button-styles";
import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";

export type OverviewCounts = {
  totalUsers: number;
  activeSubscriptions: number;
  kycPending: number;
  properties: number;
  investmentsCount: number;
  totalInvested: string;
  openTickets: number;
};

const QUICK_ACTIONS = [
  { to: paths.admin.newProperty(), label: "Add New Property" },
  { to: paths.admin.properties(), label: "Manage Properties" },
  { to: paths.admin.shareTrading(), label: "Share Trading" },
  { to: paths.admin.kyc(), label: "Review KYC" },
  { to: paths.admin.support(), label: "Support Tickets" },
  { to: paths.admin.users(), label: "Manage Users" },
];

export function OverviewTab({ counts }: { counts: OverviewCounts }) {
  return (
    <div className="space-y-6">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard label="Total users" value={String(counts.totalUsers)} to={paths.admin.users()} />
        <StatCard
          label="Active subscriptions"
          value={String(counts.activeSubscriptions)}
          to={paths.admin.users({ subscription: "active" })}
        />
        <StatCard label="KYC pending or under review" value={String(counts.kycPending)} to={paths.admin.kyc()} />
        <StatCard label="Properties" value={String(counts.properties)} to={paths.admin.properties()} />
        <StatCard
          label={`Investments (${counts.investmentsCount})`}
          value={formatINR(counts.totalInvested)}
          to={paths.admin.investments()}
        />
        <StatCard label="Open support tickets" value={String(counts.openTickets)} to={paths.admin.support()} />
      </div>
      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="text-lg font-semibold">
          Quick actions
        </h2>
        <div className="mt-2 flex flex-wrap gap-2">
          {QUICK_ACTIONS.map((action) => (
            <Link key={action.to} to={action.to} className={buttonClasses("secondary", "sm")}>
              {action.label}
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
