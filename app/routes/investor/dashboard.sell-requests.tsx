import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { HoldsList } from "~/components/market/holds-list";
import { marketReply } from "~/components/market/market-action-data";
import { MarketError } from "~/components/market/market-error";
import { SellRequestsList } from "~/components/market/sell-requests-list";
import { readOwnOrdersAndHolds } from "~/domain/market/market-reads.server";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { requireDashboardUser } from "~/web/guards.server";
import { handleMarketAction, holdsMode } from "~/web/market.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDashboardUser(request);
  const withHolds = holdsMode();
  const { orders, sellerHolds, buyerHolds } = await readOwnOrdersAndHolds(getPrisma(), user.id, { withHolds });
  return { orders, sellerHolds, buyerHolds, withHolds, now: new Date().toISOString() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDashboardUser(request);
  return handleMarketAction(request, user, paths.dashboard.sellRequests());
}

export default function SellRequestsPage() {
  const { orders, sellerHolds, buyerHolds, withHolds, now } = useLoaderData<typeof loader>();
  const reply = marketReply(useActionData<typeof action>());
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Sell Requests</h1>
      {reply ? <MarketError reply={reply} /> : null}
      {withHolds ? (
        <section aria-labelledby="seller-holds" className="space-y-2 rounded-xl border border-slate-200 p-4">
          <h2 id="seller-holds" className="text-lg font-semibold text-ink">
            Buyer holds on your listings
          </h2>
          <HoldsList holds={sellerHolds} side="seller" now={now} empty="No buyer holds are open on your listings." />
        </section>
      ) : null}
      <section aria-labelledby="my-orders" className="space-y-2 rounded-xl border border-slate-200 p-4">
        <h2 id="my-orders" className="text-lg font-semibold text-ink">
          Your sell requests
        </h2>
        <SellRequestsList
          orders={orders}
          now={now}
          warnDays={3}
          empty="You have no sell requests yet. Sell shares from a property's position page."
        />
      </section>
      {withHolds ? (
        <section aria-labelledby="buyer-holds" className="space-y-2 rounded-xl border border-slate-200 p-4">
          <h2 id="buyer-holds" className="text-lg font-semibold text-ink">
            Your holds as a buyer
          </h2>
          <HoldsList holds={buyerHolds} side="buyer" now={now} empty="You have no open holds." />
        </section>
      ) : null}
    </div>
  );
}
