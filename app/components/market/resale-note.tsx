import { Link } from "@remix-run/react";
import { resaleAvailability } from "~/domain/market/resale-rules";

/** Whether resale is open for this property now, and when it usually opens (invest page). */
export function ResaleNote({ property, feesHref }: { property: { sharesSellable: boolean; status: string }; feesHref: string }) {
  const resale = resaleAvailability({ sharesSellable: property.sharesSellable, propertyStatus: property.status });
  return (
    <section
      aria-labelledby="resale-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="resale-note"
    >
      <h2 id="resale-heading" className="text-lg font-semibold">
        Resale
      </h2>
      <p className="mt-2 text-sm text-slate-700">{resale.text}</p>
      <p className="mt-1 text-sm text-slate-700">
        A resale costs neither side a fee.{" "}
        <Link to={feesHref} className="font-semibold text-brand-700 underline">
          See all fees
        </Link>
      </p>
    </section>
  );
}
