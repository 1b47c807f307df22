import { FundingProgressBar } from "~/components/properties/funding-progress-bar";
import { formatPercent, propertyTypeLabel } from "~/components/properties/property-format";
import type { PropertyForInvestment } from "~/domain/properties/get-property-for-investment.server";
import { formatINR } from "~/lib/money";
import { formatCount, formatShares } from "~/lib/formats";

type Property = PropertyForInvestment["property"];

const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

export function InvestmentDetails({ property, funding }: { property: Property; funding: PropertyForInvestment["funding"] }) {
  const rows: [string, string][] = [
    ["Share price", formatINR(property.sharePrice)],
    ["Total value", formatINR(property.totalValue)],
    ["Minimum investment", formatINR(property.minimumInvestment)],
    ["Maximum investment", property.maximumInvestment === null ? "No limit" : formatINR(property.maximumInvestment)],
    ["Expected annual return", formatPercent(property.expectedAnnualReturn)],
    ["Available shares", `${formatCount(property.availableShares)} of ${formatCount(property.totalShares)}`],
    ["Property type", propertyTypeLabel(property.propertyType)],
  ];
  return (
    <section aria-labelledby="investment-details" className={card}>
      <h2 id="investment-details" className="text-lg font-semibold">
        Investment details
      </h2>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4">
        <FundingProgressBar percent={funding.percent} tone={funding.tone} label="Funding progress" />
        <p className="mt-1 text-xs text-slate-600">{formatINR(funding.raised)} raised</p>
      </div>
    </section>
  );
}

export function WalletBalanceCard({ balance }: { balance: string }) {
  return (
    <section aria-labelledby="wallet-balance" className={card}>
      <h2 id="wallet-balance" className="text-sm font-medium text-slate-600">
        Wallet balance
      </h2>
      <p className="mt-1 text-2xl font-bold" data-testid="wallet-balance">
        {formatINR(balance)}
      </p>
    </section>
  );
}

export function HoldingsCard({ holdings }: { holdings: NonNullable<PropertyForInvestment["holdings"]> }) {
  return (
    <section aria-labelledby="your-holdings" className={card}>
      <h2 id="your-holdings" className="text-sm font-medium text-slate-600">
        Your holdings
      </h2>
      <p className="mt-1 text-2xl font-bold" data-testid="shares-owned">
        {formatShares(holdings.shares)}
      </p>
      {holdings.shares > 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          Worth {formatINR(holdings.currentValue)} · average price {formatINR(holdings.avgPrice)}
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">You do not own shares of this property yet.</p>
      )}
    </section>
  );
}
