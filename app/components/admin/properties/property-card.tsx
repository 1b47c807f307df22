import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";
import { propertyImageSrc, propertyImageSrcSet } from "~/lib/property-image";
import { HolderWarningList } from "./holder-warning-list";

export type AdminPropertyCard = {
  id: string;
  title: string;
  city: string;
  propertyStatus: string;
  totalValue: string;
  sharePrice: string;
  availableShares: number;
  expectedAnnualReturn: string | null;
  cover: string | null;
};

export function ResponsiveImage({ url, alt, className, sizes }: { url: string; alt: string; className?: string; sizes: string }) {
  return (
    <img
      src={propertyImageSrc(url)}
      srcSet={propertyImageSrcSet(url)}
      sizes={sizes}
      alt={alt}
      loading="lazy"
      width={800}
      height={450}
      className={className}
    />
  );
}

export function PropertyCard({
  property,
  deleteHref,
  warnings = [],
}: {
  property: AdminPropertyCard;
  deleteHref: string;
  warnings?: string[];
}) {
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
      {property.cover ? (
        <ResponsiveImage
          url={property.cover}
          alt={property.title}
          sizes="(min-width: 1024px) 33vw, 100vw"
          className="aspect-[16/9] w-full object-cover"
        />
      ) : (
        <div className="flex aspect-[16/9] items-center justify-center bg-slate-100 text-sm text-slate-600">No image</div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4 text-sm">
        <div className="flex items-start justify-between gap-2">
          <h2 className="font-semibold">{property.title}</h2>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold uppercase">{property.propertyStatus}</span>
        </div>
        <p className="text-slate-600">{property.city}</p>
        <dl className="grid grid-cols-2 gap-1">
          <dt className="text-slate-600">Value</dt>
          <dd>{formatINR(property.totalValue)}</dd>
          <dt className="text-slate-600">Share price</dt>
          <dd>{formatINR(property.sharePrice)}</dd>
          <dt className="text-slate-600">Available shares</dt>
          <dd>{property.availableShares}</dd>
          <dt className="text-slate-600">Expected return</dt>
          <dd>{property.expectedAnnualReturn ? `${property.expectedAnnualReturn}%` : "—"}</dd>
        </dl>
        <HolderWarningList warnings={warnings} />
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Link
            to={paths.admin.editProperty(property.id)}
            className={buttonClasses("secondary", "sm")}
            aria-label={`Edit ${property.title}`}
          >
            Edit
          </Link>
          <Link
            to={paths.admin.propertyDistributions(property.id)}
            className={buttonClasses("secondary", "sm")}
            aria-label={`Distributions of ${property.title}`}
          >
            Distributions
          </Link>
          <Link
            to={paths.admin.propertyUpdates(property.id)}
            className={buttonClasses("secondary", "sm")}
            aria-label={`Updates of ${property.title}`}
          >
            Updates
          </Link>
          <Link
            to={paths.admin.propertyValuations(property.id)}
            className={buttonClasses("secondary", "sm")}
            aria-label={`Valuations of ${property.title}`}
          >
            Valuations
          </Link>
          <Link
            to={paths.admin.propertyExit(property.id)}
            className={buttonClasses("secondary", "sm")}
            aria-label={`Sale of ${property.title}`}
          >
            Sale
          </Link>
          <Link
            to={deleteHref}
            className={buttonClasses("ghost", "sm", "text-red-700")}
            aria-label={`Permanent Delete ${property.title}`}
            preventScrollReset
          >
            Permanent Delete
          </Link>
        </div>
      </div>
    </li>
  );
}
