import { Form, Link, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { buttonClasses } from "~/components/ui/button-styles";
import {
  PRICE_BANDS,
  PROPERTY_CATEGORY_OPTIONS,
  ROI_BANDS,
  type CatalogueFilters,
} from "~/domain/properties/catalogue-filters";

const selectClasses =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * A GET form: the filters live in the URL, so a filtered list can be shared and works
 * without JavaScript. With scripts, empty choices are left out of the address.
 */
export function CatalogueFilterForm({ filters, refreshHref }: { filters: CatalogueFilters; refreshHref: string }) {
  const submit = useSubmit();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === "string" && value) params.set(key, value);
    submit(params, { method: "get", action: "/properties" });
  };
  return (
    <Form method="get" action="/properties" onSubmit={onSubmit} aria-label="Filter properties" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <FilterSelect name="price" label="Price" value={filters.price} options={PRICE_BANDS} anyLabel="Any price" />
        <FilterSelect name="roi" label="Expected ROI" value={filters.roi} options={ROI_BANDS} anyLabel="Any ROI" />
        <FilterSelect name="type" label="Property type" value={filters.type} options={PROPERTY_CATEGORY_OPTIONS} anyLabel="All types" />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" className={buttonClasses("primary", "sm")}>
          Apply Filters
        </button>
        <Link to={refreshHref} className={buttonClasses("secondary", "sm")}>
          Refresh
        </Link>
        <Link to="/properties" className={buttonClasses("ghost", "sm")}>
          Clear all
        </Link>
      </div>
    </Form>
  );
}

function FilterSelect({
  name,
  label,
  value,
  options,
  anyLabel,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: Record<string, { label: string }>;
  anyLabel: string;
}) {
  return (
    <label className="block text-sm font-medium text-ink">
      {label}
      {/* key resets the uncontrolled choice when the URL changes (Clear all, back button). */}
      <select key={value ?? ""} name={name} defaultValue={value ?? ""} className={selectClasses}>
        <option value="">{anyLabel}</option>
        {Object.entries(options).map(([key, option]) => (
          <option key={key} value={key}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
