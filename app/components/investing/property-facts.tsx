import { formatPercent } from "~/components/properties/property-format";
import type { PropertyFacts as Facts } from "~/domain/properties/get-property-for-investment.server";
import { formatINR } from "~/lib/money";
import { PLATFORM_FEE_PERCENT_LABEL } from "~/lib/investing/constants";
import { formatCalendarDate, formatCount } from "~/lib/formats";

const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

function months(count: number | null): string | null {
  if (count === null) return null;
  if (count % 12 === 0) return `${count / 12} ${count === 12 ? "year" : "years"}`;
  return `${count} ${count === 1 ? "month" : "months"}`;
}

function escalation(facts: Facts): string | null {
  if (facts.rentEscalationPercent === null) return null;
  const every = months(facts.escalationIntervalMonths);
  return every ? `${formatPercent(facts.rentEscalationPercent)} every ${every}` : formatPercent(facts.rentEscalationPercent);
}

function feePercent(value: string | null, what: string): string | null {
  if (value === null) return null;
  return Number(value) === 0 ? "None" : `${formatPercent(value)} ${what}`;
}

type Row = [label: string, value: string | null];

function FactGroup({ id, title, rows, note }: { id: string; title: string; rows: Row[]; note?: string }) {
  const shown = rows.filter((row): row is [string, string] => row[1] !== null);
  return (
    <div>
      <h3 id={id} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        {title}
      </h3>
      {shown.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{note ?? "Not disclosed yet."}</p>
      ) : (
        <dl aria-labelledby={id} className="mt-2 divide-y divide-slate-100 text-sm">
          {shown.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
              <dt className="text-slate-600">{label}</dt>
              <dd className="min-w-0 text-right font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** The facts an investor compares before buying: tenant and lease, returns, owner, valuation and fees. */
export function PropertyFactsSection({ facts }: { facts: Facts }) {
  const rent = facts.monthlyRent === null ? null : `${formatINR(facts.monthlyRent)} a month`;
  return (
    <section aria-labelledby="property-facts" className={card}>
      <h2 id="property-facts" className="text-lg font-semibold">
        Key facts
      </h2>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <FactGroup
          id="facts-lease"
          title="Tenant and lease"
          note="Not let yet: rent starts once a tenant signs. Returns until then come from appreciation only."
          rows={[
            ["Tenant", facts.tenantName],
            ["Sector", facts.tenantSector],
            ["Lease start", formatCalendarDate(facts.leaseStartDate)],
            ["Lease term", months(facts.leaseTermMonths)],
            ["Lock-in", months(facts.lockInMonths)],
            ["Rent escalation", escalation(facts)],
            ["Monthly rent", rent],
          ]}
        />
        <FactGroup
          id="facts-returns"
          title="Expected returns"
          rows={[
            ["Rental yield", facts.expectedRentalYield === null ? null : `${formatPercent(facts.expectedRentalYield)} a year`],
            ["Appreciation", facts.expectedAppreciation === null ? null : `${formatPercent(facts.expectedAppreciation)} a year`],
            ["Investors", formatCount(facts.investorCount)],
          ]}
        />
        <FactGroup
          id="facts-owner"
          title="Owner"
          rows={[
            ["SPV", facts.spvName],
            ["Structure", facts.spvStructure],
          ]}
        />
        <FactGroup
          id="facts-valuation"
          title="Independent valuation"
          rows={[
            ["Value", facts.valuationAmount === null ? null : formatINR(facts.valuationAmount)],
            ["Valuer", facts.valuerName],
            ["Valued on", formatCalendarDate(facts.valuationDate)],
          ]}
        />
        <FactGroup
          id="facts-fees"
          title="Fees"
          rows={[
            ["Platform fee", `${PLATFORM_FEE_PERCENT_LABEL} of each purchase, 18% GST included`],
            ["Asset management fee", feePercent(facts.managementFeePercent, "of the property value a year, taken from rent")],
            ["Performance fee", feePercent(facts.performanceFeePercent, "of the gain when the property is sold")],
            ["Exit fee", feePercent(facts.exitFeePercent, "of the sale proceeds")],
          ]}
        />
      </div>
      <p className="mt-4 text-xs text-slate-500">Expected returns are estimates, not promises. Rent can stop and values can fall.</p>
    </section>
  );
}
