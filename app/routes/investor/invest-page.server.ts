import { randomUUID } from "node:crypto";
import { data } from "@remix-run/node";
import type { MarketDataView } from "~/components/market/market-data-panel";
import type { InvestSuccessData } from "~/components/investing/invest-page-states";
import { ownWalletPath } from "~/domain/access/access-rules";
import { listPropertyDistributions, listReceivedDistributions } from "~/domain/distributions/distributions.server";
import { purchaseRulesOf, startingShares } from "~/domain/investing/purchase-review.server";
import type { PurchaseReceipt } from "~/domain/investing/purchase-shares.server";
import { getMarketData, type MarketData } from "~/domain/market/market-data.server";
import { getPropertyForInvestment } from "~/domain/properties/get-property-for-investment.server";
import { mayUseNotes } from "~/domain/watchlist/notes-access";
import { layoutPriceHistory } from "~/lib/charts/price-history-layout";
import { formatShares } from "~/lib/formats";
import { mayInvest } from "~/lib/investing/invest-eligibility";
import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";
import { signInPath } from "~/lib/redirect-to";
import { isDatabaseUnreachable } from "~/services/database-outage.server";
import { getPrisma } from "~/services/db.server";
import { replicaRead } from "~/web/replica-reads.server";
import { logger } from "~/services/logger.server";
import type { DomainErrorRoutes } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import type { SessionUser } from "~/web/guards.server";
import { loadMarketplace } from "~/web/market.server";
import { loadPropertyValueView } from "~/web/valuations.server";
import { loadPropertyDocuments } from "./property-documents.server";
import { listPropertyUpdates } from "~/domain/property-updates/list-updates.server";

export const PURCHASE_SUCCESS_TITLE = "Investment Successful";

/** The property as the investment page shows it; one that does not exist is a 404, any other failure goes back to the list. */
export async function loadInvestProperty(user: SessionUser, propertyId: string) {
  let view;
  try {
    view = await getPropertyForInvestment(getPrisma(), propertyId, { userId: user.id, isAdmin: user.isAdmin });
  } catch (error) {
    // The database out of reach (a failover): the friendly 503 with Retry-After (ADR 0034),
    // not a trip back to the list that says something went wrong.
    if (isDatabaseUnreachable(error)) throw error;
    logger.error({ err: error, propertyId }, "property failed to load");
    throw await redirectWithToast(paths.properties(), {
      kind: "error",
      title: "Failed to Load Properties",
      description: "Something went wrong while loading this property. Please try again.",
    });
  }
  if (!view) throw data({ propertyId }, { status: 404 });
  return view;
}
export type InvestProperty = Awaited<ReturnType<typeof loadInvestProperty>>;

function marketDataView({ history, ...figures }: MarketData): MarketDataView {
  return { ...figures, chart: layoutPriceHistory(history, figures.issuePrice) };
}

/** Everything the investment page shows around the property. */
export async function loadInvestPage(user: SessionUser, view: InvestProperty) {
  const propertyId = view.property.id;
  // Independent reads, sent together rather than one after another.
  const [documentList, market, marketData, distributions, received, updates, value] = await Promise.all([
    loadPropertyDocuments(propertyId, user),
    loadMarketplace(getPrisma(), user, propertyId, view.wallet?.availableBalance),
    replicaRead("market-data", (db) => getMarketData(db, propertyId)),
    listPropertyDistributions(getPrisma(), propertyId),
    listReceivedDistributions(getPrisma(), user.id, { propertyId }),
    listPropertyUpdates(getPrisma(), propertyId, user),
    loadPropertyValueView(getPrisma(), propertyId),
  ]);
  // Kept off the wire: the watchlist mark goes as `watchlist.saved`, and the loader alone uses
  // `hasExitRecord` (to decide whether to read the exit).
  const { savedByViewer, hasExitRecord: _usedByTheLoader, ...shown } = view;
  return {
    ...shown,
    rules: purchaseRulesOf(view),
    isAdmin: user.isAdmin,
    eligible: mayInvest(user),
    kycStatus: user.kycStatus,
    walletPath: ownWalletPath(user),
    // A fresh key per render: a double submit of one rendered form buys once.
    idempotencyKey: randomUUID(),
    documentList,
    startingShares: startingShares(view.property),
    watchlist: { saved: savedByViewer, notesAllowed: mayUseNotes(user) },
    market,
    // The price chart laid out here, so the browser gets its geometry and no chart library (ADR 0042).
    marketData: marketData ? marketDataView(marketData) : null,
    distributions,
    received,
    updates,
    // NAV, valuation history, chart and performance record (ADR 0069).
    value,
  };
}

/** The purchase outcomes that send the investor elsewhere: the spec's notices and destinations. */
export function purchaseFollowUps(user: SessionUser, request: Request): DomainErrorRoutes["redirects"] {
  return {
    kyc_required: { to: paths.kyc(), toast: { kind: "error", title: "KYC Required" } },
    insufficient_balance: { to: ownWalletPath(user), toast: { kind: "error", title: "Insufficient Balance" } },
    not_signed_in: { to: signInPath(new URL(request.url).pathname), toast: { kind: "info", title: "Please sign in to start investing" } },
  };
}

/**
 * A completed purchase: with scripts the page shows the confirmation itself and moves on
 * (the data returned); a plain form post is redirected to the dashboard at once.
 */
export async function purchaseSucceeded(user: SessionUser, receipt: PurchaseReceipt, enhanced: boolean) {
  const shares = formatShares(receipt.sharesPurchased);
  const description = `You bought ${shares} of ${receipt.propertyTitle} for ${formatINR(receipt.totalDebited)}, fee included.`;
  if (!enhanced) return redirectWithToast(paths.dashboard.overview(), { kind: "success", title: PURCHASE_SUCCESS_TITLE, description });
  const dashboard = user.tier !== "waitlist_player";
  const success: InvestSuccessData = {
    title: PURCHASE_SUCCESS_TITLE,
    description,
    receiptHref: dashboard ? paths.dashboard.transactionReceipt(receipt.transactionId) : null,
    transactionHref: dashboard ? paths.dashboard.transaction(receipt.transactionId) : null,
  };
  return success;
}
