import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { UpdatesFeed } from "~/components/property-updates/updates-feed";
import { listUpdatesFeed } from "~/domain/property-updates/list-updates.server";
import { getPrisma } from "~/services/db.server";
import { requireDashboardUser } from "~/web/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDashboardUser(request);
  return { entries: await listUpdatesFeed(getPrisma(), user.id) };
}

export default function DashboardUpdates() {
  const { entries } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Updates</h1>
      <p className="text-sm text-slate-600">What the team has published on the properties you hold, held or watch, newest first.</p>
      <UpdatesFeed entries={entries} />
    </div>
  );
}
