import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { cancelHold, confirmHold } from "~/domain/market/buyer-holds.server";
import { buyListingNow } from "~/domain/market/buy-now.server";
import { DuplicateSubmitError } from "~/domain/market/market-errors";
import { getSellableShares, listAvailableShares } from "~/domain/market/market-reads.server";
import { cancelBuyOrder, placeBuyOrder } from "~/domain/market/buy-orders.server";
import { getOrderBook, listOwnBuyOrders } from "~/domain/market/order-book.server";
import { cancelSellRequest, createSellRequest } from "~/domain/market/sell-requests.server";
import { paths } from "~/lib/paths";
import { safeRedirectTo } from "~/lib/redirect-to";
import { getPrisma, isTransactionClient, type Db } from "~/services/db.server";
import { replicaRead } from "~/web/replica-reads.server";
import { drainMailOutboxSoon } from "~/services/mail/mail-outbox.server";
import { getFeatureFlags } from "~/services/env.server";
import { logEventFor } from "~/web/analytics.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { purchaseCompleteToast, sellRequestCreatedToast, sharesReservedToast } from "~/web/market-toasts";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";

/** Whether a Buy Now is a reservation an admin settles (flag on) or settles at once. */
export const holdsMode = () => getFeatureFlags().secondary_market_enabled;

/**
 * What the marketplace panel needs, for one property or all: the listings, who is looking
 * (to mark their own), the mode, the wallet, and a fresh idempotency key for its forms.
 * A page that has just read the viewer's wallet passes its balance rather than reading it twice.
 */
export async function loadMarketplace(db: Db, user: SessionUser | null, propertyId?: string, knownBalance?: string) {
  const [listings, balance, book, buyOrders] = await Promise.all([
    listAvailableShares(db, { propertyId }),
    knownBalance ?? (user ? walletBalance(db, user.id) : "0.00"),
    propertyId ? orderBookFor(db, propertyId) : null,
    user && propertyId ? listOwnBuyOrders(db, user.id, propertyId) : [],
  ]);
  return {
    propertyId: propertyId ?? null,
    listings,
    book,
    buyOrders,
    viewerId: user?.id ?? null,
    holdsMode: holdsMode(),
    balance,
    formKey: randomUUID(),
  };
}

/**
 * Market data, which may lag on a replica (ADR 0079), never the viewer's own figures. Inside a
 * snapshot (the position and trading pages) it is read there: a second connection taken while
 * the snapshot holds one starved the pool once as many views as it has connections came at
 * once, each snapshot waiting for a connection another held.
 */
function orderBookFor(db: Db, propertyId: string) {
  return isTransactionClient(db)
    ? getOrderBook(db, propertyId)
    : replicaRead("market-data", (replica) => getOrderBook(replica, propertyId));
}

async function walletBalance(db: Db, userId: string): Promise<string> {
  const wallet = await db.escrowBalance.findUnique({ where: { userId }, select: { availableBalance: true } });
  return wallet?.availableBalance.toFixed(2) ?? "0.00";
}
export type MarketplaceData = Awaited<ReturnType<typeof loadMarketplace>>;

/** The Sell Shares dialog's data for one property. */
export async function loadSellDialog(db: Db, user: SessionUser, propertyId: string) {
  return { propertyId, sellableShares: await getSellableShares(db, user.id, propertyId), formKey: randomUUID() };
}

/** Where a refused market form is answered: which form, the failure's title and link, and conform's reply. */
export type MarketActionData = {
  market: { intent: string; target: string; title: string | null; link: string | null };
  result: SubmissionResult<string[]> | null;
};

const typed = z.string().trim().default("").catch("");
/** Every market form's fields, as typed; the domain checks amounts and ids. */
const marketFormSchema = z.object({
  intent: typed,
  returnTo: typed,
  shares: typed,
  pricePerShare: typed,
  notes: typed,
  orderId: typed,
  holdId: typed,
  propertyId: typed,
  idempotencyKey: typed,
  maxPrice: typed,
  expiryDays: typed,
});

const MARKET_INTENTS = [
  "sell",
  "cancel-order",
  "buy",
  "buyer-confirm",
  "seller-confirm",
  "cancel-hold",
  "buy-order",
  "cancel-buy-order",
] as const;
type MarketIntent = (typeof MARKET_INTENTS)[number];
export const isMarketIntent = (intent: string): intent is MarketIntent => (MARKET_INTENTS as readonly string[]).includes(intent);

/**
 * The spec's failure title per market form (000 §8, 001 §8), put before the refusal's own
 * words: "Purchase Failed - Not enough shares available. ...". Creating a sell request has no
 * title of its own in the spec; its refusals are the sell dialog's sentences.
 */
export const MARKET_FAILURE_TITLES: Partial<Record<MarketIntent, string>> = {
  buy: "Purchase Failed",
  "cancel-order": "Cancellation Failed",
  "cancel-hold": "Cancellation Failed",
  "buy-order": "Buy Order Failed",
  "cancel-buy-order": "Cancellation Failed",
  "buyer-confirm": "Confirmation Failed",
  "seller-confirm": "Confirmation Failed",
};

/**
 * Every market form of every page posts here (through its page's action): create an order,
 * cancel it, buy (a hold or an instant purchase, by the flag), confirm or cancel a hold.
 * Success redirects back with the spec's toast; a refusal answers with its status and the
 * spec's message next to the form, keeping what was typed.
 */
export async function handleMarketAction(request: Request, user: SessionUser, fallbackReturn: string, form?: FormData) {
  const submission = parseWithZod(form ?? (await readFormData(request)), { schema: marketFormSchema, disableAutoCoercion: true });
  // Every field has a fallback, so the parse always succeeds; the domain refuses what it cannot use.
  const fields = submission.status === "success" ? submission.value : marketFormSchema.parse({});
  const { intent, shares, pricePerShare, notes } = fields;
  const returnTo = safeRedirectTo(fields.returnTo || null, fallbackReturn);
  const field = (name: "orderId" | "holdId" | "propertyId") => fields[name];
  const target = fields.orderId || fields.holdId || fields.propertyId;
  const key = fields.idempotencyKey || randomUUID();
  const prisma = getPrisma();
  try {
    switch (intent) {
      case "sell": {
        const order = await createSellRequest(prisma, {
          sellerId: user.id,
          propertyId: field("propertyId"),
          shares: shares,
          pricePerShare: pricePerShare,
          notes: notes,
          idempotencyKey: key,
        });
        return redirectWithToast(returnTo, sellRequestCreatedToast(order));
      }
      case "cancel-order":
        await cancelSellRequest(prisma, { sellerId: user.id, orderId: field("orderId") });
        return redirectWithToast(returnTo, {
          kind: "success",
          title: "Order Cancelled",
          description: "Your sell request was cancelled and its shares released.",
        });
      case "buy": {
        // Buy Now is a marketable buy order for this listing (ADR 0076): a reservation an admin
        // settles with the flag on, a settled trade with it off.
        const bought = await buyListingNow(prisma, { buyerId: user.id, orderId: field("orderId"), shares: shares, idempotencyKey: key });
        // The reservation wrote the seller's alert and mail with the money (ADR 0060); the mail leaves now.
        if (!bought.settled) await drainMailOutboxSoon(prisma);
        await logEventFor(user.id, {
          eventName: "trading_buy_now",
          propertyId: bought.propertyId,
          props: { orderId: bought.orderId, shares: bought.shares },
        });
        return redirectWithToast(returnTo, bought.settled ? purchaseCompleteToast(bought) : sharesReservedToast(bought));
      }
      case "buyer-confirm":
      case "seller-confirm": {
        const side = intent === "buyer-confirm" ? "buyer" : "seller";
        const confirmed = await confirmHold(prisma, { userId: user.id, holdId: field("holdId"), side });
        await logEventFor(user.id, {
          eventName: `trading_${side}_confirmed`,
          propertyId: confirmed.propertyId,
          props: { holdId: confirmed.holdId },
        });
        return redirectWithToast(returnTo, {
          kind: "success",
          title: "Hold Confirmed",
          description: confirmed.reservationId
            ? "Both sides confirmed: the trade awaits settlement by an admin."
            : "Waiting for the other side to confirm.",
        });
      }
      case "buy-order": {
        const order = await placeBuyOrder(prisma, {
          buyerId: user.id,
          propertyId: field("propertyId"),
          shares: shares,
          maxPrice: fields.maxPrice,
          expiryDays: fields.expiryDays,
          idempotencyKey: key,
        });
        return redirectWithToast(returnTo, buyOrderPlacedToast(order));
      }
      case "cancel-buy-order":
        await cancelBuyOrder(prisma, { buyerId: user.id, orderId: field("orderId") });
        return redirectWithToast(returnTo, {
          kind: "success",
          title: "Buy Order Cancelled",
          description: "Your buy order was cancelled and its held funds released.",
        });
      case "cancel-hold":
        await cancelHold(prisma, { userId: user.id, holdId: field("holdId") });
        return redirectWithToast(returnTo, { kind: "success", title: "Hold Cancelled", description: "The held funds were released." });
      default:
        return data<MarketActionData>(
          { market: { intent, target, title: null, link: null }, result: submission.reply({ formErrors: ["Unknown request"] }) },
          { status: 400 },
        );
    }
  } catch (error) {
    const link = error instanceof DuplicateSubmitError ? duplicateLink(error) : null;
    const title = isMarketIntent(intent) && !link ? (MARKET_FAILURE_TITLES[intent] ?? null) : null;
    return replyToDomainError(error, submission, { extra: { market: { intent, target, title, link } } });
  }
}

/** What a placed buy order did at once: rested, filled in part, or filled. */
function buyOrderPlacedToast(order: { shares: number; filledShares: number; halted: boolean }) {
  const description = order.halted
    ? "Trading in this property is halted: your order rests until it resumes."
    : order.filledShares === 0
      ? "Your order rests in the book until a seller meets your price."
      : order.filledShares === order.shares
        ? "Your order was filled."
        : `${order.filledShares} of ${order.shares} shares were matched; the rest rests in the book.`;
  return { kind: "success" as const, title: "Buy Order Placed", description };
}

function duplicateLink(error: DuplicateSubmitError): string {
  if (error.link.kind === "trade") return paths.dashboard.transaction(error.link.id);
  if (error.link.kind === "buy-order") return paths.trading();
  // Buyers of any tier see their holds on /trading; sellers (investors) see orders on their page.
  return error.link.kind === "hold" ? paths.trading() : paths.dashboard.sellRequests();
}
