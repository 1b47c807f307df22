import { Form } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { controlClasses, formErrorClasses, helpTextClasses, labelClasses } from "~/components/ui/field-styles";

type Props = {
  holdings: { propertyId: string; title: string }[];
  choices: { id: string; propertyId: string | null; propertyTitle: string | null; fallbackPlanId: string | null }[];
  plans: { id: string; label: string }[];
  error?: string;
};

/** Rent reinvestment, per property or for every holding, with a plan's basket or the wallet as fallback. */
export function ReinvestmentSection({ holdings, choices, plans, error }: Props) {
  const planLabel = (id: string | null) => (id ? (plans.find((p) => p.id === id)?.label ?? "a plan") : "the wallet");
  return (
    <section aria-labelledby="reinvest-heading" className="space-y-3">
      <h2 id="reinvest-heading" className="text-lg font-semibold">
        Reinvest rent
      </h2>
      <p className="text-sm text-slate-700">
        Each rent payment (after any TDS) buys whole shares of the same property at once while it is open; otherwise your fallback. What is
        left stays in your wallet.
      </p>
      {error ? (
        <p role="alert" className={formErrorClasses}>
          {error}
        </p>
      ) : null}
      {choices.length > 0 ? (
        <ul className="space-y-2">
          {choices.map((choice) => (
            <li
              key={choice.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm"
            >
              <span>
                {choice.propertyTitle ?? "All holdings"}: reinvested; fallback {planLabel(choice.fallbackPlanId)}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="reinvest-off" />
                <input type="hidden" name="choiceId" value={choice.id} />
                <button type="submit" className={buttonClasses("secondary", "sm")}>
                  Turn off
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <input type="hidden" name="intent" value="reinvest-on" />
        <div>
          <label htmlFor="reinvestProperty" className={labelClasses}>
            Rent from
          </label>
          <select id="reinvestProperty" name="reinvestProperty" className={controlClasses} defaultValue="">
            <option value="">All holdings</option>
            {holdings.map((h) => (
              <option key={h.propertyId} value={h.propertyId}>
                {h.title}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="fallbackPlanId" className={labelClasses}>
            When the property is not open
          </label>
          <select id="fallbackPlanId" name="fallbackPlanId" className={controlClasses} defaultValue="">
            <option value="">Keep the rent in my wallet</option>
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                Buy what {p.label} buys
              </option>
            ))}
          </select>
          <p className={helpTextClasses}>A plan&apos;s basket is used only for the rent; the plan itself runs as usual.</p>
        </div>
        <button type="submit" className={buttonClasses("primary", "md")}>
          Turn on reinvestment
        </button>
      </Form>
    </section>
  );
}
