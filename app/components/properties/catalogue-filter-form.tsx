import { Form, Link, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { buttonClasses } from "~/components/ui/button-styles";
import { SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/status-button";
import { PRICE_BANDS, PROPERTY_CATEGORY_OPTIONS, ROI_BANDS, type CatalogueFilters } from "~/domain/properties/catalogue-filters";
import { paths } from "~/lib/paths";

/**
 * A GET form: the filters live in the URL, so a filtered list can be shared and works
 * without JavaScript. With scripts, empty choices are left out of the address.
 */
export function CatalogueFilterForm({ filters, refreshHref }: { filters: CatalogueFilters; refreshHref: string }) {
  const submit = useSubmit();
  const action = paths.properties();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === "string" && value) params.set(key, value);
    submit(params, { method: "get", action });
  };
  return (
    <Form
      method="get"
      action={action}
      onSubmit={onSubmit}
      aria-label="Filter properties"
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <FilterSelect name="price" label="Price" value={filters.price} options={PRICE_BANDS} anyLabel="Any price" />
        <FilterSelect name="roi" label="Expected ROI" value={filters.roi} options={ROI_BANDS} anyLabel="Any ROI" />
        <FilterSelect name="type" label="Property type" value={filters.type} options={PROPERTY_CATEGORY_OPTIONS} anyLabel="All types" />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <SubmitButton size="sm" pendingWhen={{ formAction: action, formMethod: "GET" }}>
          Apply Filters
        </SubmitButton>
        <Link to={refreshHref} className={buttonClasses("secondary", "sm")}>
          Refresh
        </Link>
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
