import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, type ShouldRevalidateFunction, useActionData, useLoaderData, useNavigate, useNavigation, useRouteError } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { BuyCalculator } from "~/components/investing/buy-calculator";
import { InvestmentDetails, HoldingsCard, PropertyDocuments, WalletBalanceCard } from "~/components/investing/investment-summary";
import { InvestSuccess, PropertyLoadFailed, PropertyNotFound } from "~/components/investing/invest-page-states";
import { PropertyGallery } from "~/components/investing/property-gallery";
import { PropertyStatusBadge } from "~/components/properties/status-badge";
import { useToast } from "~/components/toast/toast-provider";
import { getOptionalUser, requireUserWithinTrial } from "~/domain/access/guards.server";
import { PurchaseError } from "~/domain/investing/purchase-errors.server";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { getPropertyForInvestment } from "~/domain/properties/get-property-for-investment.server";
import { purchaseFormSchemaWithRules } from "~/lib/investing/purchase-form-schema";
import { Decimal, formatINR } from "~/lib/money";
import { signInPath } from "~/lib/redirect-to";
import { redirectWithToast } from "~/services/flash.server";
import { getPrisma } from "~/services/db.server";
import type { SessionUser } from "~/services/session.server";

const SUCCESS_TITLE = "Investment Successful";
const REDIRECT_AFTER_SUCCESS_MS = 2_000;

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

async function loadProperty(user: SessionUser, propertyId: string) {
  const view = await getPropertyForInvestment(getPrisma(), propertyId, { userId: user.id, isAdmin: user.isAdmin });
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
    // A fresh key per render: a double submit of one rendered form buys once.
    idempotencyKey: randomUUID(),
    startingShares: startingShares(view.property.sharePrice, view.property.minimumInvestment),
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

const STATUS_BY_CODE: Partial<Record<PurchaseError["code"], number>> = {
  invalid_purchase: 400,
  property_not_found: 404,
  failed: 500,
};

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireInvestor(request);
  const view = await loadProperty(user, params.propertyId ?? "");
  const formData = await request.formData();
  const sharesText = String(formData.get("shares") ?? "");
  const submission = parseWithZod(formData, { schema: purchaseFormSchemaWithRules(rulesOf(view)) });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), shares: sharesText, success: null }, { status: 400 });
  }
  if (formData.get("intent") === "calculate") {
    return { result: submission.reply(), shares: sharesText, success: null };
  }

  try {
    const receipt = await purchaseShares(getPrisma(), {
      userId: user.id,
      propertyId: view.property.id,
      shares: submission.value.shares,
      idempotencyKey: submission.value.idempotencyKey,
    });
    const description = `You bought ${receipt.sharesPurchased} ${receipt.sharesPurchased === 1 ? "share" : "shares"} of ${receipt.propertyTitle} for ${formatINR(receipt.totalDebited)}.`;
    // With scripts the page shows the notice and moves on after two seconds; a plain form post is redirected at once.
    if (formData.get("enhanced") === "true") {
      return { result: null, shares: sharesText, success: { title: SUCCESS_TITLE, description } };
    }
    return redirectWithToast("/dashboard/overview", { kind: "success", title: SUCCESS_TITLE, description });
  } catch (error) {
    if (!(error instanceof PurchaseError)) throw error;
    if (error.code === "kyc_required") {
      return redirectWithToast("/kyc", { kind: "error", title: "KYC Required", description: error.message });
    }
    if (error.code === "insufficient_balance") {
      return redirectWithToast("/dashboard/wallet", { kind: "error", title: "Insufficient Balance", description: error.message });
    }
    if (error.code === "not_signed_in") {
      return redirectWithToast(signInPath(new URL(request.url).pathname), { kind: "info", title: "Please sign in to start investing" });
    }
    const reply =
      error.code === "invalid_purchase"
        ? submission.reply({ fieldErrors: { shares: [error.message] } })
        : submission.reply({ formErrors: [error.message] });
    return data({ result: reply, shares: sharesText, success: null }, { status: STATUS_BY_CODE[error.code] ?? 409 });
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
  const processing = navigation.state === "submitting" && navigation.formData?.get("intent") === "purchase";

  useEffect(() => {
    if (!success || shown.current === success) return;
    shown.current = success;
    toast.show({ kind: "success", title: success.title, description: success.description, topic: "investment-success" });
    const timer = window.setTimeout(() => navigate("/dashboard/overview"), REDIRECT_AFTER_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [success, toast, navigate]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <Link to="/properties" className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to Properties
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-ink">{property.title}</h1>
        <PropertyStatusBadge status={property.status} label={property.statusLabel} />
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
          <PropertyDocuments documents={view.documents} showVisibility={view.isAdmin} />
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
