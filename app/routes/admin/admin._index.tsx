import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ActivityTab } from "~/components/admin/dashboard/activity-tab";
import { ADMIN_TABS, AdminTabs, type AdminTab } from "~/components/admin/dashboard/admin-tabs";
import { AnalyticsTab } from "~/components/admin/dashboard/analytics-tab";
import { NotesTab } from "~/components/admin/dashboard/notes-tab";
import { listNotesAnalyses } from "~/domain/notes-analysis/notes-analysis-overview.server";
import { MoneyInOutSection } from "~/components/admin/dashboard/money-in-out";
import { OpenHolds } from "~/components/admin/dashboard/open-holds";
import { OverviewTab } from "~/components/admin/dashboard/overview-tab";
import { listOpenHolds } from "~/domain/ledger/list-open-holds.server";
import { useLiveRevalidation } from "~/components/realtime/use-live-revalidation";
import { getMoneyInOut } from "~/domain/admin/dashboard/money-in-out.server";
import { getAdminOverview, listLatestNotes, listRecentEvents, listUserEngagement } from "~/domain/admin/dashboard/admin-overview.server";
import { getPrisma } from "~/services/db.server";
import { replicaRead } from "~/web/replica-reads.server";
import { requireAdmin } from "~/web/guards.server";

/** Only the open tab's data is read. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const wanted = new URL(request.url).searchParams.get("tab");
  const tab: AdminTab = ADMIN_TABS.find((t) => t.id === wanted)?.id ?? "overview";
  const db = getPrisma();
  switch (tab) {
    case "notes":
      return { tab, notes: await listLatestNotes(db), analyses: await listNotesAnalyses(db) } as const;
    case "analytics":
      return { tab, engagement: await replicaRead("analytics", listUserEngagement) } as const;
    case "activity":
      return { tab, events: await replicaRead("analytics", listRecentEvents) } as const;
    default:
      return {
        tab: "overview",
        counts: await getAdminOverview(db),
        openHolds: await listOpenHolds(db),
        moneyInOut: await getMoneyInOut(db),
      } as const;
  }
}

export default function AdminDashboardPage() {
  const loaded = useLoaderData<typeof loader>();
  useLiveRevalidation({ admin: true });
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">Admin Panel</h1>
      <AdminTabs current={loaded.tab} />
      {loaded.tab === "overview" ? <OverviewTab counts={loaded.counts} /> : null}
      {loaded.tab === "overview" ? <MoneyInOutSection figures={loaded.moneyInOut} /> : null}
      {loaded.tab === "overview" ? <OpenHolds total={loaded.openHolds.total} holds={loaded.openHolds.holds} /> : null}
      {loaded.tab === "notes" ? <NotesTab notes={loaded.notes} analyses={loaded.analyses} /> : null}
      {loaded.tab === "analytics" ? <AnalyticsTab rows={loaded.engagement} /> : null}
      {loaded.tab === "activity" ? <ActivityTab events={loaded.events} /> : null}
    </div>
  );
}
