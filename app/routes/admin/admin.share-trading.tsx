import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Pager } from "~/components/admin/pager";
import { controlClasses } from "~/components/ui/field-styles";
import { readPageDirection } from "~/domain/admin/list-cursor";
import { MARKET_LIST_PARAMS, marketListPositions } from "~/web/market-admin-lists";
import { listSellingSettings } from "~/domain/market/selling-settings.server";
import { useLiveRevalidation } from "~/components/realtime/use-live-revalidation";
import { buttonClasses } from "~/components/ui/button-styles";
import { FormErrors } from "~/components/ui/error-list";
import { StatusButton, SubmitButton } from "~/components/ui/status-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { awaitingTargets } from "~/domain/approvals/four-eyes.server";
import { getShareTradingOverview } from "~/domain/market/share-trading-admin.server";
import { mayEnableResale } from "~/domain/market/resale-rules";
import { daysLeft } from "~/lib/market/market-rules";
import { paths } from "~/lib/paths";
import { allErrorsOf } from "~/lib/submission-result";
import { getPrisma } from "~/services/db.server";
import { getFeatureFlags } from "~/services/env.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { handleShareTradingAction } from "~/web/share-trading-admin.server";
import { formatRupees, formatShares } from "~/lib/formats";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const pageParam = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(pageParam) && pageParam > 0 ? Math.min(pageParam, 100_000) : 1;
  const search = (url.searchParams.get("q") ?? "").slice(0, 100);
  const lists = marketListPositions(url.searchParams);
  const [overview, settings, awaiting] = await Promise.all([
    getShareTradingOverview(getPrisma(), new Date(), {
      sell: lists.sell.direction,
      buy: lists.buy.direction,
      reservations: lists.reservations.direction,
    }),
    listSellingSettings(getPrisma(), { search, page, direction: readPageDirection(url.searchParams) }),
    awaitingTargets(getPrisma()),
  ]);
  return {
    ...overview,
    listPages: {
      sell: overview.cursorFound.sell ? lists.sell.page : 1,
      buy: overview.cursorFound.buy ? lists.buy.page : 1,
      reservations: overview.cursorFound.reservations ? lists.reservations.page : 1,
    },
    settings,
    awaitingApproval: [...awaiting],
    holdsMode: getFeatureFlags().secondary_market_enabled,
    now: new Date().toISOString(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  return handleShareTradingAction(request, admin);
}

export default function ShareTradingAdmin() {
  const { summary, orders, buyOrders, reservations, settings, holdsMode, now, awaitingApproval, listPages, cursors, pageSize } =
    useLoaderData<typeof loader>();
  const pageCountOf = (count: number) => Math.max(1, Math.ceil(count / pageSize));
  const properties = settings.properties;
  const location = useLocation();
  const reply = useActionData<typeof action>();
  const failed = reply && "failed" in reply ? reply.failed : undefined;
  const messages = allErrorsOf(reply?.result).map((message) => (failed ? `${failed} - ${message}` : message));
  const cleaning = useIsPending({ intent: "cleanup" });
  const toggling = useIsPending({ intent: "toggle-selling" });
  const savingRoi = useIsPending({ intent: "set-roi" });
  useLiveRevalidation({ admin: true });
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">Share Trading</h1>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="cleanup" />
            <StatusButton type="submit" size="sm" pending={cleaning}>
              Cleanup Expired
            </StatusButton>
          </Form>
          <Link to={paths.admin.root()} className={buttonClasses("secondary", "sm")}>
            Back to Admin
          </Link>
          <Link to={paths.dashboard.root()} className={buttonClasses("secondary", "sm")}>
            Dashboard
          </Link>
        </div>
      </div>
      <FormErrors errors={messages} />
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card label="Active sell requests" value={`${summary.activeOrders}`} detail={`worth ${formatRupees(summary.activeValue)}`} />
        <Card label="Active buy orders" value={`${summary.activeBuyOrders}`} detail={`holding ${formatRupees(summary.buyOrdersHeld)}`} />
        <Card label="Reservations awaiting settlement" value={`${summary.awaitingSettlement}`} />
        <Card label="Trades settled in the last 30 days" value={`${summary.settledLast30Days}`} />
      </dl>

      {holdsMode ? (
        <section aria-labelledby="reservations" className="space-y-2 rounded-xl border border-slate-200 p-4">
          <h2 id="reservations" className="text-lg font-semibold text-ink">
            Reservations awaiting settlement
          </h2>
          {reservations.length === 0 ? (
            <p className="text-sm text-slate-600">No reservations are waiting.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {reservations.map((r) => (
                <li key={r.id} className="space-y-2 py-3" data-testid="reservation">
                  <p className="text-sm text-ink">
                    <span className="font-semibold">{formatShares(r.shares)}</span> of {r.propertyTitle} for {formatRupees(r.amount)}:{" "}
                    {r.seller} → {r.buyer}
                    {awaitingApproval.includes(r.id) ? (
                      <>
                        {" "}
                        <Link
                          to={paths.admin.approvals()}
                          className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
                        >
                          Awaiting approval
                        </Link>
                      </>
                    ) : null}
                  </p>
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="reservationId" value={r.id} />
                    <div className="min-w-0 flex-1">
                      <label htmlFor={`notes-${r.id}`} className="block text-xs font-medium text-ink">
                        Settlement notes
                      </label>
                      <input
                        id={`notes-${r.id}`}
                        name="notes"
                        maxLength={1000}
                        className="w-full rounded-lg border border-slate-300 px-2 py-1 text-sm"
                      />
                    </div>
                    <SubmitButton intent="settle" size="sm">
                      Settle
                    </SubmitButton>
                    <SubmitButton intent="cancel-reservation" variant="secondary" size="sm">
                      Cancel
                    </SubmitButton>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          <Pager
            search={location.search}
            page={listPages.reservations}
            pageCount={pageCountOf(summary.awaitingSettlement)}
            label="Reservation pages"
            cursors={cursors.reservations}
            param={MARKET_LIST_PARAMS.reservations.page}
            cursorParams={MARKET_LIST_PARAMS.reservations}
          />
        </section>
      ) : null}

      <section aria-labelledby="active-requests" className="space-y-2 rounded-xl border border-slate-200 p-4">
        <h2 id="active-requests" className="text-lg font-semibold text-ink">
          Active sell requests
        </h2>
        {orders.length === 0 ? (
          <p className="text-sm text-slate-600">No active sell requests.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {orders.map((o) => {
              const left = daysLeft(o.expiresAt, new Date(now));
              return (
                <li key={o.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                  <span className="text-ink">
                    {o.propertyTitle} · {o.seller} · {o.remainingShares} of {o.sharesToSell} at {formatRupees(o.pricePerShare)}
                  </span>
                  <span className={left <= 7 ? "font-semibold text-red-700" : "text-slate-600"}>{left} days left</span>
                  <CancelOrderForm intent="cancel-sell-order" orderId={o.id} />
                </li>
              );
            })}
          </ul>
        )}
        <Pager
          search={location.search}
          page={listPages.sell}
          pageCount={pageCountOf(summary.activeOrders)}
          label="Sell request pages"
          cursors={cursors.sell}
          param={MARKET_LIST_PARAMS.sell.page}
          cursorParams={MARKET_LIST_PARAMS.sell}
        />
      </section>

      <section aria-labelledby="active-buy-orders" className="space-y-2 rounded-xl border border-slate-200 p-4">
        <h2 id="active-buy-orders" className="text-lg font-semibold text-ink">
          Active buy orders
        </h2>
        {buyOrders.length === 0 ? (
          <p className="text-sm text-slate-600">No active buy orders.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {buyOrders.map((o) => (
              <li key={o.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm" data-testid="admin-buy-order">
                <span className="text-ink">
                  {o.propertyTitle} · {o.buyer} · {o.remainingShares} of {o.sharesWanted} at up to {formatRupees(o.maxPrice)} · held{" "}
                  {formatRupees(o.held)}
                </span>
                <span className="text-slate-600">{daysLeft(o.expiresAt, new Date(now))} days left</span>
                <CancelOrderForm intent="cancel-buy-order" orderId={o.id} />
              </li>
            ))}
          </ul>
        )}
        <Pager
          search={location.search}
          page={listPages.buy}
          pageCount={pageCountOf(summary.activeBuyOrders)}
          label="Buy order pages"
          cursors={cursors.buy}
          param={MARKET_LIST_PARAMS.buy.page}
          cursorParams={MARKET_LIST_PARAMS.buy}
        />
      </section>

      <section aria-labelledby="selling-settings" className="space-y-2 rounded-xl border border-slate-200 p-4">
        <h2 id="selling-settings" className="text-lg font-semibold text-ink">
          Share selling by property
        </h2>
        <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="selling-search" className="sr-only">
            Search properties by title or city
          </label>
          <input
            id="selling-search"
            type="search"
            name="q"
            defaultValue={settings.search}
            placeholder="Search properties by title or city"
            className={`${controlClasses} mt-0 sm:max-w-sm`}
          />
          <button type="submit" className={buttonClasses("secondary", "md")}>
            Search
          </button>
        </Form>
        {properties.length === 0 ? <p className="text-sm text-slate-600">No properties found.</p> : null}
        <ul className="divide-y divide-slate-200">
          {properties.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="selling-setting">
              <span className="text-sm text-ink">
                <span className="font-semibold">{p.title}</span> · {p.status} · selling {p.sharesSellable ? "on" : "off"}
                {p.roi ? ` · ROI ${p.roi}%` : ""}
              </span>
              <div className="flex flex-wrap items-center gap-2">
                {p.halted ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="resume-trading" />
                    <input type="hidden" name="propertyId" value={p.id} />
                    <span className="mr-2 text-xs font-semibold text-amber-800">Halted: {p.haltReason}</span>
                    <button type="submit" className={buttonClasses("secondary", "sm")}>
                      Resume trading<span className="sr-only"> in {p.title}</span>
                    </button>
                  </Form>
                ) : p.sharesSellable ? (
                  <details>
                    <summary className={buttonClasses("ghost", "sm", "cursor-pointer list-none")}>Halt trading</summary>
                    <Form method="post" className="mt-2 flex items-end gap-2">
                      <input type="hidden" name="intent" value="halt-trading" />
                      <input type="hidden" name="propertyId" value={p.id} />
                      <label className="block text-xs font-medium text-ink">
                        Reason
                        <input
                          name="reason"
                          required
                          maxLength={500}
                          className="block rounded-lg border border-slate-300 px-2 py-1 text-sm"
                        />
                      </label>
                      <button type="submit" className={buttonClasses("secondary", "sm")}>
                        Halt<span className="sr-only"> trading in {p.title}</span>
                      </button>
                    </Form>
                  </details>
                ) : null}
                {p.sharesSellable || mayEnableResale(p.status) ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="toggle-selling" />
                    <input type="hidden" name="propertyId" value={p.id} />
                    <input type="hidden" name="enabled" value={p.sharesSellable ? "false" : "true"} />
                    <StatusButton type="submit" variant="secondary" size="sm" pending={toggling}>
                      {p.sharesSellable ? "Disable selling" : "Enable selling"}
                      <span className="sr-only"> for {p.title}</span>
                    </StatusButton>
                  </Form>
                ) : (
                  <span className="max-w-xs text-xs text-slate-600" data-testid="selling-locked">
                    Selling can be enabled once the raise is funded or closed.
                  </span>
                )}
                {p.status === "funded" ? (
                  <details>
                    <summary className={buttonClasses("ghost", "sm", "cursor-pointer list-none")}>Set ROI</summary>
                    <Form method="post" className="mt-2 flex items-end gap-2">
                      <input type="hidden" name="intent" value="set-roi" />
                      <input type="hidden" name="propertyId" value={p.id} />
                      <div>
                        <label htmlFor={`roi-${p.id}`} className="block text-xs font-medium text-ink">
                          Actual ROI (%)
                        </label>
                        <input
                          id={`roi-${p.id}`}
                          name="roi"
                          type="number"
                          min={0}
                          max={100}
                          step={0.1}
                          defaultValue={p.roi ?? ""}
                          className="w-24 rounded-lg border border-slate-300 px-2 py-1 text-sm"
                        />
                      </div>
                      <StatusButton type="submit" size="sm" pending={savingRoi}>
                        Save ROI
                      </StatusButton>
                    </Form>
                  </details>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        <Pager
          search={location.search}
          page={settings.page}
          pageCount={settings.pageCount}
          label="Property pages"
          cursors={settings.cursors}
        />
      </section>
    </div>
  );
}

/** Cancels any order with a reason the audit log keeps. */
function CancelOrderForm({ intent, orderId }: { intent: "cancel-buy-order" | "cancel-sell-order"; orderId: string }) {
  return (
    <details className="w-full">
      <summary className={buttonClasses("ghost", "sm", "cursor-pointer list-none")}>Cancel order</summary>
      <Form method="post" className="mt-2 flex items-end gap-2">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="orderId" value={orderId} />
        <label className="block text-xs font-medium text-ink">
          Reason
          <input name="reason" required maxLength={500} className="block rounded-lg border border-slate-300 px-2 py-1 text-sm" />
        </label>
        <button type="submit" className={buttonClasses("secondary", "sm")}>
          Cancel this order
        </button>
      </Form>
    </details>
  );
}

function Card({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-ink">{value}</dd>
      {detail ? <dd className="text-sm text-slate-600">{detail}</dd> : null}
    </div>
  );
}
