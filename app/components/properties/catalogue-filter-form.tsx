import { Form, Link, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { buttonClasses } from "~/components/ui/button-styles";
import { SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/status-button";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  PRICE_BANDS,
  PROPERTY_CATEGORY_OPTIONS,
  ROI_BANDS,
  SORT_OPTIONS,
  TICKET_BANDS,
  type CatalogueFilters,
} from "~/domain/properties/catalogue-filters";
import { paths } from "~/lib/paths";

/**
 * A GET form: the filters live in the URL, so a filtered list can be shared and works
 * without JavaScript (Apply Filters). With scripts a choice applies as soon as it is
 * made, and empty choices are left out of the address.
 */
export function CatalogueFilterForm({ filters, cities }: { filters: CatalogueFilters; cities: string[] }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const action = paths.properties();
  const apply = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === "string" && value) params.set(key, value);
    submit(params, { method: "get", action, preventScrollReset: true });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const cityOptions = Object.fromEntries(cities.map((city) => [city, { label: city }]));
  return (
    <Form
      method="get"
      action={action}
      onSubmit={onSubmit}
      aria-label="Filter properties"
      onChange={(event) => apply(event.currentTarget)}
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <div className="grid gap-4 sm:grid-cols-3 lg:grid-cols-6">
        <FilterSelect name="ticket" label="Minimum investment" value={filters.ticket} options={TICKET_BANDS} anyLabel="Any ticket size" />
        <FilterSelect name="city" label="City" value={filters.city} options={cityOptions} anyLabel="All cities" />
        <FilterSelect name="price" label="Property value" value={filters.price} options={PRICE_BANDS} anyLabel="Any value" />
        <FilterSelect name="roi" label="Expected ROI" value={filters.roi} options={ROI_BANDS} anyLabel="Any ROI" />
        <FilterSelect name="type" label="Property type" value={filters.type} options={PROPERTY_CATEGORY_OPTIONS} anyLabel="All types" />
        <FilterSelect name="sort" label="Sort by" value={filters.sort} options={SORT_OPTIONS} anyLabel="Newest" />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {hydrated ? null : (
          <SubmitButton size="sm" pendingWhen={{ formAction: action, formMethod: "GET" }}>
            Apply Filters
          </SubmitButton>
        )}
        <Link to={action} className={buttonClasses("ghost", "sm")}>
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
    // key resets the uncontrolled choice when the URL changes (Clear all, back button).
    <SelectField key={value ?? ""} label={label} selectProps={{ name, defaultValue: value ?? "" }}>
      <option value="">{anyLabel}</option>
      {Object.entries(options).map(([key, option]) => (
        <option key={key} value={key}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
