import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { WatchlistCards } from "~/components/watchlist/watchlist-cards";
import { requireWaitlistUser } from "~/web/guards.server";
import { listWatchlist } from "~/domain/watchlist/list-watchlist.server";
import { notesLockedReason } from "~/domain/watchlist/notes-access";
import { getPrisma } from "~/services/db.server";
import { paths } from "~/lib/paths";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireWaitlistUser(request);
  const cards = await listWatchlist(getPrisma(), user.id);
  const reason = notesLockedReason(user);
  return { cards, notes: reason ? { allowed: false as const, reason } : { allowed: true as const } };
}

export default function WaitlistWatchlistPage() {
  const { cards, notes } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Watchlist</h1>
      <WatchlistCards cards={cards} notes={notes} returnTo={paths.waitlistDashboard.watchlist()} />
    </div>
  );
}
