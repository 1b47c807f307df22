import { randomUUID } from "node:crypto";
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
import { mayInvest } from "~/lib/investing/invest-eligibility";
import { InvestmentDetails, HoldingsCard, WalletBalanceCard } from "~/components/investing/investment-summary";
import { PropertyDocumentList } from "~/components/properties/property-document-list";
import { loadPropertyDocuments } from "~/web/property-documents.server";
import { InvestSuccess, PropertyLoadFailed, PropertyNotFound } from "~/components/investing/invest-page-states";
import { PropertyGallery } from "~/components/investing/property-gallery";
import { PropertyStatusBadge } from "~/components/properties/status-badge";
import { WatchlistToggle } from "~/components/watchlist/watchlist-toggle";
import { buttonClasses } from "~/components/ui/button-styles";
import { mayUseNotes } from "~/domain/watchlist/notes-access";
import { savedPropertyIds } from "~/domain/watchlist/watchlist.server";
import { useToast } from "~/components/toast/toast-provider";
import { getOptionalUser, requireUserWithinTrial, type SessionUser } from "~/web/guards.server";
import { ownWalletPath } from "~/domain/access/access-rules";
import { InsufficientBalanceError, InvalidPurchaseError } from "~/domain/investing/purchase-errors.server";
import { assertMayPurchase, purchaseShares } from "~/domain/investing/purchase-shares.server";
import { getPropertyForInvestment } from "~/domain/properties/get-property-for-investment.server";
import { purchaseFormSchema } from "~/lib/investing/purchase-form-schema";
import { validatePurchase } from "~/lib/investing/validate-purchase";
import { Decimal, formatINR } from "~/lib/money";
import { signInPath } from "~/lib/redirect-to";
import { paths } from "~/lib/paths";
import { redirectWithToast } from "~/web/flash.server";
import { getPrisma } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { replyToDomainError, type DomainErrorRoutes } from "~/web/domain-reply.server";
import { readFormData } from "~/web/form-data.server";

const SUCCESS_TITLE = "Investment Successful";
// With scripts, a success, 'KYC Required' or a low balance shows its notice, then moves on after this long.
const FOLLOW_UP_AFTER_MS = 2_000;
const OTHER_PROPERTY_MESSAGE = "This form is for another property. Please reload the page and try again.";
const UNKNOWN_INTENT_MESSAGE = "This form could not be processed. Please reload the page and try again.";

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

/** The smallest order that meets the minimum investment, as the field's starting value. */
function startingShares(sharePrice: string, minimumInvestment: string): string {
  const price = new Decimal(sharePrice);
  if (price.lte(0)) return "1";
  return Decimal.max(1, new Decimal(minimumInvestment).div(price).ceil()).toFixed(0);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireInvestor(request);
  const view = await loadProperty(user, params.propertyId ?? "");
  return {
    ...view,
    rules: rulesOf(view),
    isAdmin: user.isAdmin,
    eligible: mayInvest(user),
    // A fresh key per render: a double submit of one rendered form buys once.
    idempotencyKey: randomUUID(),
    documentList: await loadPropertyDocuments(view.property.id, user),
    startingShares: startingShares(view.property.sharePrice, view.property.minimumInvestment),
    watchlist: {
      saved: (await savedPropertyIds(getPrisma(), user.id, [view.property.id])).length > 0,
      notesAllowed: mayUseNotes(user),
    },
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

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireInvestor(request);
  const view = await loadProperty(user, params.propertyId ?? "");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const shares = String(formData.get("shares") ?? "");
  const replies = {
    redirects: purchaseFollowUps(user, request),
    followUpInPage: formData.get("enhanced") === "true",
    extra: { shares, success: null },
  };

  if (intent !== "purchase" && intent !== "calculate") {
    const result = { status: "error" as const, error: { "": [UNKNOWN_INTENT_MESSAGE] } };
    return data({ result, shares, success: null, followUp: null }, { status: 400 });
  }
  // Eligibility comes before any rule about the amount.
  try {
    if (intent === "purchase") assertMayPurchase(user);
  } catch (error) {
    return replyToDomainError(error, null, replies);
  }

  const schema = purchaseFormSchema.refine((form) => form.propertyId === view.property.id, {
    path: ["propertyId"],
    message: OTHER_PROPERTY_MESSAGE,
  });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), shares, success: null, followUp: null }, { status: 400 });
  }
  // The page's rules, with the words the form shows as the investor types.
  const check = validatePurchase(submission.value.shares, rulesOf(view));
  if (!check.ok) {
    // Buying with a wallet that is short by now gets the spec's notice and the wallet page.
    const refusal =
      intent === "purchase" && check.code === "insufficient_balance"
        ? new InsufficientBalanceError()
        : new InvalidPurchaseError(check.code, check.message);
    return replyToDomainError(refusal, submission, replies);
  }
  if (intent === "calculate") return { result: submission.reply(), shares, success: null, followUp: null };

  try {
    const receipt = await purchaseShares(getPrisma(), {
      userId: user.id,
      propertyId: view.property.id,
      shares: submission.value.shares,
      idempotencyKey: submission.value.idempotencyKey,
    });
    const description = `You bought ${receipt.sharesPurchased} ${receipt.sharesPurchased === 1 ? "share" : "shares"} of ${receipt.propertyTitle} for ${formatINR(receipt.totalDebited)}.`;
    // With scripts the page shows the notice and moves on after two seconds; a plain form post is redirected at once.
    if (replies.followUpInPage) {
      return { result: null, shares, success: { title: SUCCESS_TITLE, description }, followUp: null };
    }
    return redirectWithToast("/dashboard/overview", { kind: "success", title: SUCCESS_TITLE, description });
  } catch (error) {
    return replyToDomainError(error, submission, replies);
  }
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
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
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
          <PropertyDocumentList documents={view.documentList} />
        </div>
        <div className="space-y-6">
          <InvestmentDetails property={property} funding={view.funding} />
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-1">
            <WalletBalanceCard balance={view.rules.walletBalance} />
            {view.holdings ? <HoldingsCard holdings={view.holdings} /> : null}
          </div>
          {success ? (
            <InvestSuccess title={success.title} description={success.description} />
          ) : (
            <BuyCalculator
              propertyId={property.id}
              rules={view.rules}
              idempotencyKey={view.idempotencyKey}
              initialShares={actionData?.shares ?? view.startingShares}
              lastResult={actionData?.result}
              processing={processing}
              eligible={view.eligible}
            />
          )}
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <PropertyNotFound />;
  return <PropertyLoadFailed />;
}
