import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
  useNavigate,
  useRouteError,
} from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef } from "react";
import { BuyCalculator } from "~/components/investing/buy-calculator";
import { DistributionList } from "~/components/investing/distribution-list";
import { InvestSuccess, PropertyLoadFailed, PropertyNotFound, type InvestSuccessData } from "~/components/investing/invest-page-states";
import { InvestmentDetails, HoldingsCard, WalletBalanceCard } from "~/components/investing/investment-summary";
import { NotOpenPanel } from "~/components/investing/not-open-panel";
import { PropertyFactsSection } from "~/components/investing/property-facts";
import { PropertyGallery } from "~/components/investing/property-gallery";
import { PurchaseReview } from "~/components/investing/purchase-review";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { StickyInvestBar } from "~/components/investing/sticky-invest-bar";
import { AvailableShares } from "~/components/market/available-shares";
import { MarketDataPanel } from "~/components/market/market-data-panel";
import { PropertyValueSection as PropertyValueSectionOnServer } from "~/components/valuations/property-value-section";
import { ResaleNote } from "~/components/market/resale-note";
import { PropertyDocumentList } from "~/components/properties/property-document-list";
import { PropertyUpdatesSection } from "~/components/property-updates/property-updates-section";
import { PropertyStatusBadge } from "~/components/properties/status-badge";
import { useToast } from "~/components/toast/toast-provider";
import { buttonClasses } from "~/components/ui/button-styles";
import { RouteLink } from "~/components/ui/route-link";
import { useIsPending } from "~/components/ui/use-is-pending";
import { WatchlistToggle } from "~/components/watchlist/watchlist-toggle";
import { ReviewChangedError } from "~/domain/investing/purchase-errors.server";
import { assertMaySpendOn, getPurchaseReview, type PurchaseReviewData } from "~/domain/investing/purchase-review.server";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { buyBoxState } from "~/lib/investing/buy-box-state";
import { purchaseActionSchema, purchaseIntentSchema } from "~/lib/investing/purchase-form-schema";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { readFormData } from "~/web/form-data.server";
import { requireParams } from "~/web/params.server";
import { requireInvestor } from "~/web/guards.server";
import { HolderExitNotice as HolderExitNoticeOnServer } from "~/components/exits/holder-exit-notice";
import { OrderBookPanel as OrderBookPanelOnServer } from "~/components/market/order-book-panel";
import { getHolderExitView } from "~/domain/exits/exit-reads.server";
import { loadInvestPage, loadInvestProperty, purchaseFollowUps, purchaseSucceeded } from "./invest-page.server";

// With scripts, a success, 'KYC Required' or a low balance shows its notice, then moves on after this long.
const FOLLOW_UP_AFTER_MS = 2_000;
const OTHER_PROPERTY_MESSAGE = "This form is for another property. Please reload the page and try again.";
const UNKNOWN_INTENT_MESSAGE = "This form could not be processed. Please reload the page and try again.";
const ACKNOWLEDGE_MESSAGE = "Please confirm that you have read the risk disclosure.";

// Sections only some properties have (a valuation or realised history, an agreed sale) load
// their code in the browser only when the page shows them, which keeps /invest within its
// JavaScript budget (docs/performance.md). The server renders them at once, so the HTML is
// whole without JavaScript, and hydration keeps that HTML until the section's code arrives.
const PropertyValueSection = import.meta.env.SSR
  ? PropertyValueSectionOnServer
  : lazy(() => import("~/components/valuations/property-value-section").then((m) => ({ default: m.PropertyValueSection })));
// The order book (issue 30): depth, spread, last trades and the investor's buy orders, kept
// fresh by the page's market stream (the listings' live revalidation), its code loaded the same way.
const OrderBookPanel = import.meta.env.SSR
  ? OrderBookPanelOnServer
  : lazy(() => import("~/components/market/order-book-panel").then((m) => ({ default: m.OrderBookPanel })));
const HolderExitNotice = import.meta.env.SSR
  ? HolderExitNoticeOnServer
  : lazy(() => import("~/components/exits/holder-exit-notice").then((m) => ({ default: m.HolderExitNotice })));

/** The value section on the invest page: once there is a valuation, a resale or a distribution to show. */
function hasValueStory(
  value: { story: { navHistory: unknown[]; trades: unknown[]; performance: { distributionsByYear: unknown[] } } } | null,
) {
  return (
    value !== null &&
    (value.story.navHistory.length > 0 || value.story.trades.length > 0 || value.story.performance.distributionsByYear.length > 0)
  );
}

/** The order book on the invest page: once either side has an order, a trade has matched, or the viewer has a buy order. */
function hasMarket(market: { book: { bids: unknown[]; asks: unknown[]; trades: unknown[] } | null; buyOrders: unknown[] }) {
  const { book } = market;
  return book !== null && (book.bids.length > 0 || book.asks.length > 0 || book.trades.length > 0 || market.buyOrders.length > 0);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireInvestor(request);
  const { propertyId } = requireParams(params, { propertyId: "text" });
  const view = await loadInvestProperty(user, propertyId);
  // Most properties have no sale on record; the property's own read says so, and saves the exit's.
  const [page, exit] = await Promise.all([
    loadInvestPage(user, view),
    view.hasExitRecord ? getHolderExitView(getPrisma(), propertyId, user.id) : null,
  ]);
  return { ...page, exit };
}

// Opening or stepping through photos changes only ?photo; the data (and the form's key) stay.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("photo");
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
};

type ActionReply = {
  result: SubmissionResult<string[]> | null;
  shares: string;
  success: InvestSuccessData | null;
  followUp: null;
  review: PurchaseReviewData | null;
};

function reply(values: Partial<ActionReply> & Pick<ActionReply, "shares">): ActionReply {
  return { result: null, success: null, followUp: null, review: null, ...values };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireInvestor(request);
  const { propertyId } = requireParams(params, { propertyId: "text" });
  const view = await loadInvestProperty(user, propertyId);
  const form = await readFormData(request);
  const envelope = parseWithZod(form, { schema: purchaseIntentSchema });
  // What was typed goes back to the field as it was, whatever the outcome.
  const shares = String(envelope.payload.shares ?? "");
  if (envelope.status !== "success") {
    return data(reply({ shares, result: envelope.reply({ formErrors: [UNKNOWN_INTENT_MESSAGE] }) }), { status: 400 });
  }
  const { intent, enhanced } = envelope.value;
  const spending = intent !== "calculate";
  const replies = { redirects: purchaseFollowUps(user, request), followUpInPage: enhanced, extra: reply({ shares }) };
  try {
    if (spending) assertMaySpendOn(user, view.property);
  } catch (error) {
    return replyToDomainError(error, null, replies);
  }

  const submission = parseWithZod(form, { schema: purchaseActionSchema(view.property.id, OTHER_PROPERTY_MESSAGE) });
  if (submission.status !== "success") return data(reply({ shares, result: submission.reply() }), { status: 400 });
  const order = submission.value;
  let review: PurchaseReviewData;
  try {
    review = getPurchaseReview(view, { shares: order.shares, idempotencyKey: order.idempotencyKey, spending });
  } catch (error) {
    return replyToDomainError(error, submission, replies);
  }
  if (intent === "calculate") return reply({ shares, result: submission.reply() });
  if (intent === "review") return reply({ shares, result: submission.reply(), review });
  // The confirm binds: it carries the total it showed ("Confirm and pay ₹X") and buys only for that.
  // A confirm refused keeps its review on screen, with the reason under the acknowledgement.
  const refused = (message: string) =>
    data(reply({ shares, review, result: submission.reply({ formErrors: [message] }) }), { status: 400 });
  if (order.reviewedTotal === null || !order.reviewedTotal.eq(review.total)) return refused(new ReviewChangedError().message);
  if (!order.acknowledgeRisk) return refused(ACKNOWLEDGE_MESSAGE);

  try {
    const receipt = await purchaseShares(getPrisma(), {
      userId: user.id,
      propertyId: view.property.id,
      shares: order.shares,
      idempotencyKey: order.idempotencyKey,
      reviewedTotal: order.reviewedTotal.toFixed(2),
    });
    const success = await purchaseSucceeded(user, receipt, enhanced);
    return success instanceof Response ? success : reply({ shares, success });
  } catch (error) {
    if (error instanceof ReviewChangedError) return refused(error.message);
    return replyToDomainError(error, submission, replies);
  }
}

export default function InvestPage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useKeptActionData(useActionData<typeof action>());
  const navigate = useNavigate();
  const toast = useToast();
  const shown = useRef<object | null>(null);
  const { property } = view;
  const success = actionData?.success ?? null;
  const followUp = actionData?.followUp ?? null;
  const processing = useIsPending({ intent: "purchase", state: "submitting" });
  const review = actionData?.review ?? null;
  const boxState = buyBoxState(property, { resale: paths.trading(), properties: paths.properties() });

  useEffect(() => {
    if (!success || shown.current === success) return;
    shown.current = success;
    toast.show({ kind: "success", title: success.title, description: success.description, topic: "investment-success" });
    const timer = window.setTimeout(() => navigate(paths.dashboard.overview()), FOLLOW_UP_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [success, toast, navigate]);

  useEffect(() => {
    if (!followUp || shown.current === followUp) return;
    shown.current = followUp;
    toast.show(followUp.toast);
    const timer = window.setTimeout(() => navigate(followUp.to), FOLLOW_UP_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [followUp, toast, navigate]);

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-24 sm:px-6 lg:px-8 lg:pb-6">
      <RouteLink to={paths.properties()} className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to Properties
      </RouteLink>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-ink">{property.title}</h1>
        {/* A completed sale reads Sold, as the sale's own section says (ADR 0075). */}
        <PropertyStatusBadge status={property.status} label={view.exit?.status === "completed" ? "SOLD" : property.statusLabel} />
        <WatchlistToggle
          propertyId={property.id}
          title={property.title}
          state={view.watchlist}
          returnTo={paths.invest(property.id)}
          signInHref={paths.signIn()}
          className={buttonClasses("secondary", "sm")}
        />
      </div>
      <p className="mt-1 text-slate-600">
        {property.address ? `${property.address}, ` : ""}
        {property.city}
        {property.state ? `, ${property.state}` : ""}, {property.country}
      </p>
      {view.exit ? (
        <div className="mt-4">
          <Suspense fallback={null}>
            <HolderExitNotice exit={view.exit} />
          </Suspense>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <PropertyGallery title={property.title} images={property.images} />
          <section aria-labelledby="about-property" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="about-property" className="text-lg font-semibold">
              About this property
            </h2>
            <p className="mt-2 whitespace-pre-line text-slate-700">{property.description || "No description yet."}</p>
          </section>
          <PropertyFactsSection facts={view.facts} />
          <PropertyUpdatesSection data={view.updates} />
          <PropertyDocumentList documents={view.documentList} />
          {view.marketData ? <MarketDataPanel data={view.marketData} /> : null}
          {view.value && hasValueStory(view.value) ? (
            <Suspense fallback={null}>
              <PropertyValueSection view={view.value} />
            </Suspense>
          ) : null}
          {hasMarket(view.market) ? (
            <Suspense fallback={null}>
              <OrderBookPanel market={view.market} action={paths.trading()} placeForm={false} />
            </Suspense>
          ) : null}
          {/* Live over /events, except while a purchase's timed follow-up owns the page (ADR 0011). */}
          <AvailableShares market={view.market} action={paths.trading()} live={!success && !followUp} />
          <DistributionList distributions={view.distributions} received={view.received} />
        </div>
        <div className="space-y-6">
          <InvestmentDetails property={property} funding={view.funding} />
          <ResaleNote property={property} feesHref={paths.legal.fees()} />
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-1">
            <WalletBalanceCard balance={view.rules.walletBalance} />
            {view.holdings ? <HoldingsCard holdings={view.holdings} /> : null}
          </div>
          <div id="buy-box" className="scroll-mt-24 space-y-6">
            {boxState.kind === "not-open" ? (
              <NotOpenPanel state={boxState} />
            ) : success ? (
              <InvestSuccess success={success} propertyHref={paths.invest(property.id)} />
            ) : review ? (
              <PurchaseReview
                propertyId={property.id}
                review={review}
                error={actionData?.result?.error?.[""]?.[0] ?? null}
                riskHref={paths.legal.risk()}
              />
            ) : (
              <BuyCalculator
                propertyId={property.id}
                rules={view.rules}
                idempotencyKey={view.idempotencyKey}
                initialShares={actionData?.shares ?? view.startingShares}
                lastResult={actionData?.result}
                processing={processing}
                eligible={view.eligible}
                kycStatus={view.kycStatus}
                links={{ kyc: paths.kyc(), wallet: view.walletPath }}
              />
            )}
          </div>
        </div>
      </div>
      {boxState.kind === "open" && !success ? (
        <StickyInvestBar sharePrice={property.sharePrice} label={review ? "Review" : "Invest"} target="buy-box" />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <PropertyNotFound />;
  return <PropertyLoadFailed />;
}
