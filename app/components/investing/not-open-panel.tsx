import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import type { ClosedBuyBox } from "~/lib/investing/buy-box-state";

/** Stands where the buy box would: the property's state and what to do instead. */
export function NotOpenPanel({ state }: { state: ClosedBuyBox }) {
  return (
    <section aria-labelledby="not-open-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-5" data-testid="buy-box-state">
      <h2 id="not-open-heading" className="text-lg font-semibold">
        {state.title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{state.text}</p>
      {state.action ? (
        <Link to={state.action.to} className={buttonClasses("secondary", "md", "mt-3")}>
          {state.action.label}
        </Link>
      ) : null}
    </section>
  );
}
