import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { buttonClasses } from "~/components/ui/button-styles";
import { SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/status-button";
import { WithoutScripts } from "~/components/ui/use-hydrated";
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
  // A choice made before the page's scripts ran (a phone on a slow network) changed nothing,
  // and with scripts there is no Apply button to press: it is applied once they run.
  // Only at mount: later choices apply through onChange.
  const formRef = useRef<HTMLFormElement>(null);
  const applyAtMount = useRef(apply);
  useEffect(() => {
    const form = formRef.current;
    if (form && choiceChanged(form)) applyAtMount.current(form);
  }, []);
  const cityOptions = Object.fromEntries(cities.map((city) => [city, { label: city }]));
  return (
    <Form
      ref={formRef}
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
      {/* Apply Filters last: it goes when the scripts take over, and nothing may move into its place. */}
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={action} className={buttonClasses("ghost", "sm")}>
          Clear all
        </Link>
        <WithoutScripts>
          <SubmitButton size="sm" pendingWhen={{ formAction: action, formMethod: "GET" }}>
            Apply Filters
          </SubmitButton>
        </WithoutScripts>
      </div>
    </Form>
  );
}

/**
 * Whether a choice differs from the one the server drew. The server marks each drawn choice
 * `selected` (an option's `defaultSelected`); with none marked the browser shows the first.
 */
function choiceChanged(form: HTMLFormElement): boolean {
  return [...form.querySelectorAll("select")].some((select) => {
    const drawn = [...select.options].findIndex((option) => option.defaultSelected);
    return select.selectedIndex !== Math.max(drawn, 0);
  });
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
