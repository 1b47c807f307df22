import { RouteLink } from "~/components/ui/route-link";
import { buttonClasses } from "~/components/ui/button-styles";
import type { CatalogueCard } from "~/domain/properties/list-catalogue.server";
import { formatINR } from "~/lib/money";
import { FundingProgressBar } from "./funding-progress-bar";
import { PropertyStatusBadge } from "./status-badge";
import { formatPercent, propertyTypeLabel } from "./property-format";
import { paths } from "~/lib/paths";
import { HIGH_FETCH_PRIORITY } from "~/components/ui/image-priority";
import { CARD_IMAGE_SIZES, propertyImageSrc, propertyImageSrcSet } from "~/lib/property-image";
import { WatchlistToggle } from "~/components/watchlist/watchlist-toggle";
import { formatShares } from "~/lib/formats";

export type CardWatchlist = {
  /** Null for a signed-out visitor. */
  state: { saved: boolean; notesAllowed: boolean } | null;
  returnTo: string;
  signInHref: string;
};

/** `aboveTheFold`: the photo is on screen at load on a phone (the page's largest paint there), so it is fetched first, not lazily. */
export function PropertyCard({
  property,
  watchlist,
  sharesOwned = 0,
  aboveTheFold = false,
}: {
  property: CatalogueCard;
  watchlist: CardWatchlist;
  /** The signed-in viewer's shares in this property. */
  sharesOwned?: number;
  aboveTheFold?: boolean;
}) {
  const headingId = `property-${property.id}-title`;
  const open = property.status === "open";
  return (
    <article aria-labelledby={headingId} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-[4/3] bg-slate-100">
        {property.image ? (
          <img
            src={propertyImageSrc(property.image)}
            srcSet={propertyImageSrcSet(property.image)}
            sizes={CARD_IMAGE_SIZES}
            alt=""
            width={800}
            height={600}
            loading={aboveTheFold ? "eager" : "lazy"}
            {...(aboveTheFold ? HIGH_FETCH_PRIORITY : {})}
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
        <dl className="grid grid-cols-2 gap-2 text-sm">
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
          {/* What the catalogue's value filter bands are measured on. */}
          <div>
            <dt className="text-xs text-slate-500">Property value</dt>
            <dd className="font-semibold">{formatINR(property.totalValue)}</dd>
          </div>
        </dl>
        <FundingProgressBar percent={property.fundingPercent} tone={property.fundingTone} />
        {sharesOwned > 0 ? (
          <p className="text-sm font-medium text-emerald-800" data-testid="shares-owned-badge">
            You own {formatShares(sharesOwned)}
          </p>
        ) : null}
        {/* Only an open property takes money; the others are there to look at. */}
        <RouteLink to={paths.invest(property.id)} className={buttonClasses(open ? "primary" : "secondary", "md", "mt-auto")}>
          {open ? "Invest" : "View"}
          <span className="sr-only">
            {" "}
            {open ? "in" : ""} {property.title}
          </span>
        </RouteLink>
      </div>
    </article>
  );
}
