import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { CheckCircleIcon } from "~/components/ui/icons";

export function PropertyNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-ink">Property Not Found</h1>
      <p className="mt-2 text-slate-600">This property does not exist or is not open to the public.</p>
      <Link to="/properties" className={buttonClasses("primary", "md", "mt-6")}>
        Back to Properties
      </Link>
    </div>
  );
}

export function PropertyLoadFailed() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-ink">Failed to Load Property</h1>
      <p className="mt-2 text-slate-600">Something went wrong while loading this property. Please try again.</p>
      <Link to="/properties" className={buttonClasses("primary", "md", "mt-6")}>
        Back to Properties
      </Link>
    </div>
  );
}

export type InvestSuccessData = { title: string; description: string; receiptHref: string | null; transactionHref: string | null };

/** The confirmation after a purchase: what happened, the receipt, and what to do next. */
export function InvestSuccess({ success, propertyHref }: { success: InvestSuccessData; propertyHref: string }) {
  return (
    <section role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <CheckCircleIcon /> {success.title}
      </h2>
      <p className="mt-1 text-sm">{success.description}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
        {success.receiptHref ? (
          <li>
            <a href={success.receiptHref} className="font-semibold underline">
              Download your receipt (PDF)
            </a>
          </li>
        ) : null}
        {success.transactionHref ? (
          <li>
            <Link to={success.transactionHref} className="font-semibold underline">
              See the transaction
            </Link>
          </li>
        ) : null}
        <li>Your shares appear in your portfolio now; rent is paid out quarterly once the property is let.</li>
        <li>
          <Link to={propertyHref} className="font-semibold underline">
            Back to this property
          </Link>
        </li>
      </ul>
      <p className="mt-2 text-sm">
        Taking you to your dashboard…{" "}
        <Link to="/dashboard/overview" className="font-semibold underline">
          Go now
        </Link>
      </p>
    </section>
  );
}
