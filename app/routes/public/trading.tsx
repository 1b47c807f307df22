import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { AvailableShares } from "~/components/market/available-shares";
import { isBuyOrderIntent, OrderBookPanel } from "~/components/market/order-book-panel";
import { HoldsList } from "~/components/market/holds-list";
import { marketReply } from "~/components/market/market-action-data";
import { MarketError } from "~/components/market/market-error";
import { SellRequestsList } from "~/components/market/sell-requests-list";
import { buttonClasses } from "~/components/ui/button-styles";
import { paths } from "~/lib/paths";
import { signInPath } from "~/lib/redirect-to";
import { getPrisma } from "~/services/db.server";
import { getOptionalUser, requireUserWithinTrial } from "~/web/guards.server";
import { handleMarketAction } from "~/web/market.server";
import { loadTradingMarket } from "./trading-page.server";
import { SellSharesDialog } from "~/components/market/sell-shares-dialog";
import { loadTradingPicker } from "~/domain/market/trading-picker.server";
import { MARKET_MESSAGES } from "~/domain/market/market-errors";

const SELLING_DISABLED = MARKET_MESSAGES.sellingDisabled;
const NOTHING_TO_SELL = "You have no unlisted shares of this property to sell.";

export async function loader({ request }: LoaderFunctionArgs) {
  // Public (the route table): a signed-out visitor reads the log-in notice; every form's
  // action still runs the trial guard, and buying needs the waitlist-player tier.
  const user = await getOptionalUser(request);
  if (!user) return { signedIn: false as const, signIn: signInPath(paths.trading()) };
  const prisma = getPrisma();
  const query = new URL(request.url).searchParams;
  // "all" shows the whole marketplace; otherwise one property, the first listed preselected.
  // The picker lists 50 properties at a time; its search finds the rest (issue 37).
  const picker = await loadTradingPicker(prisma, { find: query.get("find") ?? "", wanted: query.get("property") });
  const properties = picker.options;
  const all = query.get("property") === "all";
  const selected = picker.selected?.id ?? null;
  const { market, sell, orders, buyerHolds: holds, sellerHolds } = await loadTradingMarket(prisma, user, selected, all);
  return {
    signedIn: true as const,
    properties,
    find: picker.find,
    moreProperties: picker.more,
    selected,
    market,
    sell,
    sellBlocked: !selected ? null : !picker.selected?.sharesSellable ? SELLING_DISABLED : sell?.sellableShares ? null : NOTHING_TO_SELL,
    activeOrders: orders.filter((o) => o.status === "active"),
    history: orders.filter((o) => o.status !== "active"),
    holds,
    sellerHolds,
    now: new Date().toISOString(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithinTrial(request);
  return handleMarketAction(request, user, paths.trading());
}

export default function TradingPage() {
  const data = useLoaderData<typeof loader>();
  const reply = marketReply(useActionData<typeof action>());
  const submit = useSubmit();
  if (!data.signedIn) {
    return (
      <div className="mx-auto max-w-xl space-y-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-ink">Trading</h1>
        <p className="text-ink">Please log in to access the trading platform.</p>
        <Link to={data.signIn} className={buttonClasses("primary", "md")}>
          Sign In
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">Trading</h1>
      {reply && reply.intent !== "buy" && !isBuyOrderIntent(reply.intent) ? <MarketError reply={reply} /> : null}
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="trading-find" className="block text-sm font-medium text-ink">
            Find a property
          </label>
          <input
            id="trading-find"
            type="search"
            name="find"
            defaultValue={data.find}
            placeholder="Title or city"
            className="mt-1 max-w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="trading-property" className="block text-sm font-medium text-ink">
            Property
          </label>
          <select
            id="trading-property"
            name="property"
            defaultValue={data.selected ?? "all"}
            onChange={(event) => submit(event.currentTarget.form)}
            className="mt-1 max-w-full rounded-lg border border-slate-300 px-3 py-2"
          >
            <option value="all">All properties</option>
            {data.properties.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClasses("secondary", "md")}>
          Show
        </button>
        {data.find && data.properties.length === 0 ? (
          <p className="w-full text-sm text-slate-600">No property&apos;s title or city contains &ldquo;{data.find}&rdquo;.</p>
        ) : null}
        {data.moreProperties ? (
          <p className="w-full text-xs text-slate-600">Showing the first 50 properties; type part of a title or city to find others.</p>
        ) : null}
      </Form>
      {data.sell ? <SellSharesDialog sell={data.sell} blocked={data.sellBlocked} /> : null}
      {data.market?.book ? <OrderBookPanel market={data.market} /> : null}
      {data.market ? (
        <AvailableShares market={data.market} />
      ) : (
        <p className="text-sm text-slate-600">No properties are open for trading yet.</p>
      )}
      {data.holds.length > 0 ? (
        <section aria-labelledby="trading-holds" className="space-y-2 rounded-xl border border-slate-200 p-4">
          <h2 id="trading-holds" className="text-lg font-semibold text-ink">
            Your holds
          </h2>
          <HoldsList holds={data.holds} side="buyer" now={data.now} empty="" />
        </section>
      ) : null}
      {data.sellerHolds.length > 0 ? (
        <section aria-labelledby="trading-seller-holds" className="space-y-2 rounded-xl border border-slate-200 p-4">
          <h2 id="trading-seller-holds" className="text-lg font-semibold text-ink">
            Buyer holds on your listings
          </h2>
          <HoldsList holds={data.sellerHolds} side="seller" now={data.now} empty="" />
        </section>
      ) : null}
      <section aria-labelledby="active-orders" className="space-y-2 rounded-xl border border-slate-200 p-4">
        <h2 id="active-orders" className="text-lg font-semibold text-ink">
          Your active orders
        </h2>
        <SellRequestsList orders={data.activeOrders} now={data.now} warnDays={7} empty="You have no active orders for this property." />
      </section>
      <section aria-labelledby="order-history" className="space-y-2 rounded-xl border border-slate-200 p-4">
        <h2 id="order-history" className="text-lg font-semibold text-ink">
          Order history
        </h2>
        <SellRequestsList orders={data.history} now={data.now} warnDays={7} empty="No completed, cancelled or expired orders yet." />
      </section>
    </div>
  );
}
