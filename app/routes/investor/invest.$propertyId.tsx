import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { useEffect, useRef } from "react";
import { BuyCalculator } from "~/components/investing/buy-calculator";
import { AvailableShares } from "~/components/market/available-shares";
import { loadMarketplace } from "~/web/market.server";
import { mayInvest } from "~/lib/investing/invest-eligibility";
import { InvestmentDetails, HoldingsCard, WalletBalanceCard } from "~/components/investing/investment-summary";
import { InvestSuccess, PropertyLoadFailed, PropertyNotFound, type InvestSuccessData } from "~/components/investing/invest-page-states";
import { NotOpenPanel } from "~/components/investing/not-open-panel";
import { PropertyFactsSection } from "~/components/investing/property-facts";
import { PurchaseReview, type PurchaseReviewData } from "~/components/investing/purchase-review";
import { ResaleNote } from "~/components/market/resale-note";
import { resaleAvailability } from "~/domain/market/resale-rules";
import { StickyInvestBar } from "~/components/investing/sticky-invest-bar";
import { buyBoxState } from "~/lib/investing/buy-box-state";
import { PropertyDocumentList } from "~/components/properties/property-document-list";
import { MarketDataPanel, type MarketDataView } from "~/components/market/market-data-panel";
import { layoutPriceHistory } from "~/lib/charts/price-history-layout";
import { DistributionList } from "~/components/investing/distribution-list";
import { getMarketData, type MarketData } from "~/domain/market/market-data.server";
import { listPropertyDistributions, listReceivedDistributions } from "~/domain/distributions/distributions.server";
import { loadPropertyDocuments } from "./property-documents.server";
import { PropertyGallery } from "~/components/investing/property-gallery";
import { PropertyStatusBadge } from "~/components/properties/status-badge";
import { WatchlistToggle } from "~/components/watchlist/watchlist-toggle";
import { buttonClasses } from "~/components/ui/button-styles";
import { mayUseNotes } from "~/domain/watchlist/notes-access";
import { savedPropertyIds } from "~/domain/watchlist/watchlist.server";
import { useToast } from "~/components/toast/toast-provider";
import { getOptionalUser, requireUserWithinTrial, type SessionUser } from "~/web/guards.server";
import { ownWalletPath } from "~/domain/access/access-rules";
import {
  InsufficientBalanceError,
  InvalidPurchaseError,
  PropertyNotOpenError,
  ReviewChangedError,
} from "~/domain/investing/purchase-errors.server";
import { assertMayPurchase, purchaseShares } from "~/domain/investing/purchase-shares.server";
import { getPropertyForInvestment } from "~/domain/properties/get-property-for-investment.server";
import { purchaseFormSchema } from "~/lib/investing/purchase-form-schema";
import { validatePurchase } from "~/lib/investing/validate-purchase";
import { Decimal, formatINR } from "~/lib/money";
import { formatShares } from "~/lib/formats";
import { NUMERIC_16_2_MAX, parseRupees } from "~/lib/rupee-input";
import { signInPath } from "~/lib/redirect-to";
import { paths } from "~/lib/paths";
import { redirectWithToast } from "~/web/flash.server";
import { getPrisma } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { replyToDomainError, type DomainErrorRoutes } from "~/web/domain-reply.server";
import { readFormData } from "~/web/form-data.server";
import { requireParams } from "~/web/params.server";

const SUCCESS_TITLE = "Investment Successful";
// With scripts, a success, 'KYC Required' or a low balance shows its notice, then moves on after this long.
const FOLLOW_UP_AFTER_MS = 2_000;
const OTHER_PROPERTY_MESSAGE = "This form is for another property. Please reload the page and try again.";
const UNKNOWN_INTENT_MESSAGE = "This form could not be processed. Please reload the page and try again.";
const ACKNOWLEDGE_MESSAGE = "Please confirm that you have read the risk disclosure.";
const INTENTS = ["calculate", "review", "purchase"] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (value: unknown): value is Intent => (INTENTS as readonly unknown[]).includes(value);

/** Signed in (anonymous visitors go to /auth with the spec's notice), then the route table's trial guard. */
async function requireInvestor(request: Request): Promise<SessionUser> {
  if (!(await getOptionalUser(request))) {
    const url = new URL(request.url);
    throw await redirectWithToast(signInPath(`${url.pathname}${url.search}`), {
      kind: "info",
      title: "Please sign in to start investing",
    });
  }
  return requireUserWithinTrial(request);
}

/** The page's data; a property that does not exist is a 404, any other failure goes back to the list. */
async function loadProperty(user: SessionUser, propertyId: string) {
  let view;
  try {
    view = await getPropertyForInvestment(getPrisma(), propertyId, { userId: user.id, isAdmin: user.isAdmin });
  } catch (error) {
    logger.error({ err: error, propertyId }, "property failed to load");
    throw await redirectWithToast("/properties", {
      kind: "error",
      title: "Failed to Load Properties",
      description: "Something went wrong while loading this property. Please try again.",
    });
  }
  if (!view) throw data({ propertyId }, { status: 404 });
  return view;
}

function rulesOf(view: Awaited<ReturnType<typeof loadProperty>>) {
  return {
    sharePrice: view.property.sharePrice,
    minimumInvestment: view.property.minimumInvestment,
    maximumInvestment: view.property.maximumInvestment,
    availableShares: view.property.availableShares,
    walletBalance: view.wallet?.availableBalance ?? "0.00",
  };
}

function marketDataView({ history, ...figures }: MarketData): MarketDataView {
  return { ...figures, chart: layoutPriceHistory(history, figures.issuePrice) };
}

/** The smallest order that meets the minimum investment, as the field's starting value. */
function startingShares(sharePrice: string, minimumInvestment: string): string {
  const price = new Decimal(sharePrice);
  if (price.lte(0)) return "1";
  return Decimal.max(1, new Decimal(minimumInvestment).div(price).ceil()).toFixed(0);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireInvestor(request);
  const { propertyId } = requireParams(params, { propertyId: "text" });
  const view = await loadProperty(user, propertyId);
  // Independent reads, sent together rather than one after another.
  const [documentList, saved, market, marketData, distributions, received] = await Promise.all([
    loadPropertyDocuments(view.property.id, user),
    savedPropertyIds(getPrisma(), user.id, [view.property.id]),
    loadMarketplace(user, view.property.id, view.wallet?.availableBalance),
    getMarketData(getPrisma(), view.property.id),
    listPropertyDistributions(getPrisma(), view.property.id),
    listReceivedDistributions(getPrisma(), user.id, { propertyId: view.property.id }),
  ]);
  return {
    ...view,
    rules: rulesOf(view),
    isAdmin: user.isAdmin,
    eligible: mayInvest(user),
    kycStatus: user.kycStatus,
    walletPath: ownWalletPath(user),
    // A fresh key per render: a double submit of one rendered form buys once.
    idempotencyKey: randomUUID(),
    documentList,
    startingShares: startingShares(view.property.sharePrice, view.property.minimumInvestment),
    watchlist: {
      saved: saved.length > 0,
      notesAllowed: mayUseNotes(user),
    },
    market,
    // The price chart laid out here, so the browser gets its geometry and no chart library (ADR 0042).
    marketData: marketData ? marketDataView(marketData) : null,
    distributions,
    received,
  };
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

/** The purchase outcomes that send the investor elsewhere: the spec's notices and destinations. */
function purchaseFollowUps(user: SessionUser, request: Request): DomainErrorRoutes["redirects"] {
  return {
    kyc_required: { to: "/kyc", toast: { kind: "error", title: "KYC Required" } },
    insufficient_balance: { to: ownWalletPath(user), toast: { kind: "error", title: "Insufficient Balance" } },
    not_signed_in: { to: signInPath(new URL(request.url).pathname), toast: { kind: "info", title: "Please sign in to start investing" } },
  };
}

type ActionReply = {
  result: SubmissionResult<string[]> | null;
  shares: string;
  success: InvestSuccessData | null;
  followUp: null;
  review: PurchaseReviewData | null;
  reviewError: string | null;
};

function reply(values: Partial<ActionReply> & Pick<ActionReply, "shares">): ActionReply {
  return { result: null, success: null, followUp: null, review: null, reviewError: null, ...values };
}

/** What the review step shows: the server's amounts for exactly this quantity. */
function reviewOf(
  view: Awaited<ReturnType<typeof loadProperty>>,
  shares: number,
  breakdown: { subtotal: Decimal; fee: Decimal; total: Decimal; remainingBalance: Decimal },
  idempotencyKey: string,
): PurchaseReviewData {
  return {
    propertyTitle: view.property.title,
    shares,
    sharePrice: view.property.sharePrice,
    subtotal: breakdown.subtotal.toFixed(2),
    fee: breakdown.fee.toFixed(2),
    total: breakdown.total.toFixed(2),
    walletBefore: rulesOf(view).walletBalance,
    walletAfter: breakdown.remainingBalance.toFixed(2),
    idempotencyKey,
    resale: resaleAvailability({ sharesSellable: view.property.sharesSellable, propertyStatus: view.property.status }).text,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireInvestor(request);
  const { propertyId } = requireParams(params, { propertyId: "text" });
  const view = await loadProperty(user, propertyId);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const shares = String(formData.get("shares") ?? "");
  const replies = {
    redirects: purchaseFollowUps(user, request),
    followUpInPage: formData.get("enhanced") === "true",
    extra: reply({ shares }),
  };

  if (!isIntent(intent)) {
    return data(reply({ shares, result: { status: "error", error: { "": [UNKNOWN_INTENT_MESSAGE] } } }), { status: 400 });
  }
  const spending = intent !== "calculate";
  // Eligibility comes before any rule about the amount, and a property that takes no money says so.
  try {
    if (spending) assertMayPurchase(user);
    if (spending && view.property.status !== "open") throw new PropertyNotOpenError();
  } catch (error) {
    return replyToDomainError(error, null, replies);
  }

  const schema = purchaseFormSchema.refine((form) => form.propertyId === view.property.id, {
    path: ["propertyId"],
    message: OTHER_PROPERTY_MESSAGE,
  });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data(reply({ shares, result: submission.reply() }), { status: 400 });
  }
  // The page's rules, with the words the form shows as the investor types.
  const check = validatePurchase(submission.value.shares, rulesOf(view));
  if (!check.ok) {
    // Reviewing or buying with a wallet that is short by now gets the spec's notice and the wallet page.
    const refusal =
      spending && check.code === "insufficient_balance"
        ? new InsufficientBalanceError()
        : new InvalidPurchaseError(check.code, check.message);
    return replyToDomainError(refusal, submission, replies);
  }
  if (intent === "calculate") return reply({ shares, result: submission.reply() });

  const review = reviewOf(view, submission.value.shares, check.breakdown, submission.value.idempotencyKey);
  if (intent === "review") return reply({ shares, result: submission.reply(), review });
  // The confirm binds: it carries the total it showed ("Confirm and pay ₹X") and buys only for that.
  const reviewedTotal = readReviewedTotal(formData.get("reviewedTotal"));
  if (reviewedTotal === null || !check.breakdown.total.eq(reviewedTotal)) {
    return data(reply({ shares, review, reviewError: new ReviewChangedError().message }), { status: 400 });
  }
  if (formData.get("acknowledgeRisk") !== "on") {
    return data(reply({ shares, review, reviewError: ACKNOWLEDGE_MESSAGE }), { status: 400 });
  }

  try {
    const receipt = await purchaseShares(getPrisma(), {
      userId: user.id,
      propertyId: view.property.id,
      shares: submission.value.shares,
      idempotencyKey: submission.value.idempotencyKey,
      reviewedTotal: reviewedTotal.toFixed(2),
    });
    const description = `You bought ${formatShares(receipt.sharesPurchased)} of ${receipt.propertyTitle} for ${formatINR(receipt.totalDebited)}, fee included.`;
    // With scripts the page shows the confirmation and moves on after two seconds; a plain form post is redirected at once.
    if (replies.followUpInPage) {
      const dashboard = user.tier !== "waitlist_player";
      const success: InvestSuccessData = {
        title: SUCCESS_TITLE,
        description,
        receiptHref: dashboard ? paths.dashboard.transactionReceipt(receipt.transactionId) : null,
        transactionHref: dashboard ? paths.dashboard.transaction(receipt.transactionId) : null,
      };
      return reply({ shares, success });
    }
    return redirectWithToast("/dashboard/overview", { kind: "success", title: SUCCESS_TITLE, description });
  } catch (error) {
    if (error instanceof ReviewChangedError) return data(reply({ shares, review, reviewError: error.message }), { status: 400 });
    return replyToDomainError(error, submission, replies);
  }
}

/** The total a confirm form says it charges, read by the one rupee parser; null when absent or not an amount. */
function readReviewedTotal(raw: FormDataEntryValue | null): Decimal | null {
  const parsed = parseRupees(raw, { message: "", max: NUMERIC_16_2_MAX });
  return parsed.ok ? parsed.value : null;
}

export default function InvestPage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const toast = useToast();
  const shown = useRef<object | null>(null);
  const { property } = view;
  const success = actionData?.success ?? null;
  const followUp = actionData?.followUp ?? null;
  const processing = navigation.state === "submitting" && navigation.formData?.get("intent") === "purchase";
  const review = actionData?.review ?? null;
  const boxState = buyBoxState(property, { resale: paths.trading(), properties: paths.properties() });

  useEffect(() => {
    if (!success || shown.current === success) return;
    shown.current = success;
    toast.show({ kind: "success", title: success.title, description: success.description, topic: "investment-success" });
    const timer = window.setTimeout(() => navigate("/dashboard/overview"), FOLLOW_UP_AFTER_MS);
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
      <Link to="/properties" className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to Properties
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-ink">{property.title}</h1>
        <PropertyStatusBadge status={property.status} label={property.statusLabel} />
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

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <PropertyGallery title={property.title} images={property.images} />
          <section aria-labelledby="about-property" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="about-property" className="text-lg font-semibold">
              About this property
            </h2>
            <p className="mt-2 whitespace-pre-line text-slate-700">{property.description || "No description yet."}</p>
          </section>
          <PropertyFactsSection facts={view.facts} />
          <PropertyDocumentList documents={view.documentList} />
          {view.marketData ? <MarketDataPanel data={view.marketData} /> : null}
          <AvailableShares market={view.market} action={paths.trading()} live={false} />
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
                error={actionData?.reviewError ?? null}
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
