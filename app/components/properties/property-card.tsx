import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import type { CatalogueCard } from "~/domain/properties/list-catalogue.server";
import { formatINR } from "~/lib/money";
import { FundingProgressBar } from "./funding-progress-bar";
import { PropertyStatusBadge } from "./status-badge";
import { formatPercent, propertyTypeLabel } from "./property-format";
import { paths } from "~/lib/paths";
import { propertyImageSrc, propertyImageSrcSet } from "~/lib/property-image";
import { WatchlistToggle } from "~/components/watchlist/watchlist-toggle";

export type CardWatchlist = {
  /** Null for a signed-out visitor. */
  state: { saved: boolean; notesAllowed: boolean } | null;
  returnTo: string;
  signInHref: string;
};

export function PropertyCard({ property, watchlist }: { property: CatalogueCard; watchlist: CardWatchlist }) {
  const headingId = `property-${property.id}-title`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-[4/3] bg-slate-100">
        {property.image ? (
          <img
            src={propertyImageSrc(property.image)}
            srcSet={propertyImageSrcSet(property.image)}
            sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            alt=""
            loading="lazy"
            className="h-full w-full object-cover"
          />
        ) : null}
        <div className="absolute top-3 left-3">
          <PropertyStatusBadge status={property.status} label={property.statusLabel} />
        </div>
        <div className="absolute top-3 right-3">
          <WatchlistToggle
            propertyId={property.id}
            title={property.title}
            state={watchlist.state}
            returnTo={watchlist.returnTo}
            signInHref={watchlist.signInHref}
          />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            {property.title}
          </h2>
          <p className="text-sm text-slate-600">
            {property.city}, {property.country} · {propertyTypeLabel(property.propertyType)}
          </p>
        </div>
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-xs text-slate-500">Share price</dt>
            <dd className="font-semibold">{formatINR(property.sharePrice)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Expected ROI</dt>
            <dd className="font-semibold">{formatPercent(property.expectedAnnualReturn)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Min. investment</dt>
            <dd className="font-semibold">{formatINR(property.minimumInvestment)}</dd>
          </div>
        </dl>
        <FundingProgressBar percent={property.fundingPercent} tone={property.fundingTone} />
        <Link to={paths.invest(property.id)} className={buttonClasses("primary", "md", "mt-auto")}>
          Invest<span className="sr-only"> in {property.title}</span>
        </Link>
      </div>
    </article>
  );
}
