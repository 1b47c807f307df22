import { Form } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { controlClasses, fieldErrorClasses, formErrorClasses, helpTextClasses, labelClasses } from "~/components/ui/field-styles";
import { formatINR } from "~/lib/money";
import { PROPERTY_TYPES, weightField, type PlanFormErrors } from "~/lib/plan-form";

export type PlanFormProperty = { id: string; title: string; propertyType: string; sharePrice: string; minimumInvestment: string };

type Props = {
  intent: "create" | "change";
  submitLabel: string;
  properties: PlanFormProperty[];
  values: Record<string, string>;
  errors?: PlanFormErrors;
  /** The change form keeps the plan's start: it applies from today. */
  showStart: boolean;
};

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={`${id}-error`} className={fieldErrorClasses}>
      {message}
    </p>
  ) : null;
}

/** A plan's amount, day, dates and what it buys, as one form that works without JavaScript. */
export function PlanForm({ intent, submitLabel, properties, values, errors = {}, showStart }: Props) {
  const target = values.target ?? "property";
  const invalid = (field: keyof PlanFormErrors) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `${intent}-${field}-error` } : {};
  return (
    <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4" aria-label={submitLabel}>
      <input type="hidden" name="intent" value={intent} />
      {errors.form ? (
        <p role="alert" className={formErrorClasses}>
          {errors.form}
        </p>
      ) : null}
      <div>
        <label htmlFor={`${intent}-amount`} className={labelClasses}>
          Amount each month (₹)
        </label>
        <input
          id={`${intent}-amount`}
          name="amount"
          inputMode="decimal"
          defaultValue={values.amount ?? ""}
          className={controlClasses}
          {...invalid("amount")}
        />
        <FieldError id={`${intent}-amount`} message={errors.amount} />
      </div>
      <div>
        <label htmlFor={`${intent}-dayOfMonth`} className={labelClasses}>
          Day of the month (1-31)
        </label>
        <input
          id={`${intent}-dayOfMonth`}
          name="dayOfMonth"
          type="number"
          min={1}
          max={31}
          defaultValue={values.dayOfMonth ?? ""}
          className={controlClasses}
          {...invalid("dayOfMonth")}
        />
        <p className={helpTextClasses}>A day past the month&apos;s end runs on its last day (the 31st runs on 30 April).</p>
        <FieldError id={`${intent}-dayOfMonth`} message={errors.dayOfMonth} />
      </div>
      {showStart ? (
        <div>
          <label htmlFor={`${intent}-startDate`} className={labelClasses}>
            Start date
          </label>
          <input
            id={`${intent}-startDate`}
            name="startDate"
            type="date"
            defaultValue={values.startDate ?? ""}
            className={controlClasses}
            {...invalid("startDate")}
          />
          <FieldError id={`${intent}-startDate`} message={errors.startDate} />
        </div>
      ) : null}
      <div>
        <label htmlFor={`${intent}-endDate`} className={labelClasses}>
          End date (optional)
        </label>
        <input
          id={`${intent}-endDate`}
          name="endDate"
          type="date"
          defaultValue={values.endDate ?? ""}
          className={controlClasses}
          {...invalid("endDate")}
        />
        <FieldError id={`${intent}-endDate`} message={errors.endDate} />
      </div>
      <fieldset className="space-y-3">
        <legend className={labelClasses}>What it buys</legend>
        <FieldError id={`${intent}-target`} message={errors.target} />
        <div className="rounded-lg border border-slate-200 p-3">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="radio" name="target" value="property" defaultChecked={target === "property"} /> One property
          </label>
          <label htmlFor={`${intent}-propertyId`} className="sr-only">
            Property
          </label>
          <select
            id={`${intent}-propertyId`}
            name="propertyId"
            defaultValue={values.propertyId ?? ""}
            className={controlClasses}
            {...invalid("propertyId")}
          >
            <option value="">Choose a property</option>
            {properties.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title} (minimum {formatINR(p.minimumInvestment)})
              </option>
            ))}
          </select>
          <FieldError id={`${intent}-propertyId`} message={errors.propertyId} />
        </div>
        <div className="rounded-lg border border-slate-200 p-3">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="radio" name="target" value="basket" defaultChecked={target === "basket"} /> A basket, split by weight
          </label>
          <p className={helpTextClasses}>Give two or more properties a weight (1-100); leave the others empty.</p>
          <FieldError id={`${intent}-weights`} message={errors.weights} />
          <div className="mt-2 space-y-2">
            {properties.map((p) => (
              <div key={p.id} className="flex items-center gap-2">
                <input
                  id={`${intent}-${weightField(p.id)}`}
                  name={weightField(p.id)}
                  inputMode="numeric"
                  defaultValue={values[weightField(p.id)] ?? ""}
                  className="w-16 rounded-lg border border-slate-300 px-2 py-1 text-base"
                />
                <label htmlFor={`${intent}-${weightField(p.id)}`} className="text-sm">
                  Weight for {p.title}
                </label>
              </div>
            ))}
          </div>
        </div>
        <div className="rounded-lg border border-slate-200 p-3">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="radio" name="target" value="type" defaultChecked={target === "type"} /> Every open property of a type, split by what is left for sale in each
          </label>
          <label htmlFor={`${intent}-propertyType`} className="sr-only">
            Property type
          </label>
          <select
            id={`${intent}-propertyType`}
            name="propertyType"
            defaultValue={values.propertyType ?? ""}
            className={controlClasses}
            {...invalid("propertyType")}
          >
            <option value="">Choose a type</option>
            {PROPERTY_TYPES.map((t) => (
              <option key={t} value={t}>
                {t[0]!.toUpperCase() + t.slice(1)}
              </option>
            ))}
          </select>
          <FieldError id={`${intent}-propertyType`} message={errors.propertyType} />
        </div>
      </fieldset>
      <p className={helpTextClasses}>
        Paid from your wallet: each run buys whole shares at the current price with the 2% platform fee; what is not spent stays in your
        wallet.
      </p>
      <button type="submit" className={buttonClasses("primary", "md")}>
        {submitLabel}
      </button>
    </Form>
  );
}
