import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { CatalogueFilterForm } from "~/components/properties/catalogue-filter-form";
import { Pagination } from "~/components/properties/pagination";
import { PropertyCard } from "~/components/properties/property-card";
import { buttonClasses } from "~/components/ui/button-styles";
import { logEventFor } from "~/web/analytics.server";
import { getOptionalUser } from "~/web/guards.server";
import { parseCatalogueFilters } from "~/domain/properties/catalogue-filters";
import { catalogueCities, listCatalogue } from "~/domain/properties/list-catalogue.server";
import { sharesHeld } from "~/domain/portfolio/shares-held.server";
import { mayUseNotes } from "~/domain/watchlist/notes-access";
import { savedPropertyIds } from "~/domain/watchlist/watchlist.server";
import { signInPath } from "~/lib/redirect-to";
import { getPrisma, type PrismaClient } from "~/services/db.server";
import { replicaRead } from "~/web/replica-reads.server";
import { paths } from "~/lib/paths";

// Public: anyone may browse; signing in only changes the watchlist control.
// On a phone the first card fills the screen and its photo is the largest paint: it loads at once, with high
// priority. Every other photo is lazy (on a desktop the rest of the first row is in view, so it loads right after layout).
const ABOVE_THE_FOLD_CARDS = 1;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const url = new URL(request.url);
  const filters = parseCatalogueFilters(url.searchParams);
  const readCatalogue = (db: PrismaClient) => Promise.all([listCatalogue(db, filters), catalogueCities(db)]);
  // A signed-in investor reads the primary: what they just bought shows in the shares left (ADR 0079).
  const [catalogue, cities] = await (user ? readCatalogue(getPrisma()) : replicaRead("catalogue", readCatalogue));
  if (user) await logEventFor(user.id, { eventName: "properties_view" });
  const watchlist = user
    ? {
        saved: await savedPropertyIds(
          getPrisma(),
          user.id,
          catalogue.items.map((item) => item.id),
        ),
        notesAllowed: mayUseNotes(user),
      }
    : null;
  const owned = user
    ? await sharesHeld(
        getPrisma(),
        user.id,
        catalogue.items.map((item) => item.id),
      )
    : {};
  return { catalogue, cities, watchlist, owned };
}

export default function PropertiesPage() {
  const { catalogue, cities, watchlist, owned } = useLoaderData<typeof loader>();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const here = `${location.pathname}${location.search}`;
  const signInHref = signInPath(here);
  const first = (catalogue.page - 1) * catalogue.pageSize + 1;
  const last = first + catalogue.items.length - 1;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold text-ink">Properties</h1>
      <p className="mt-1 text-slate-600">Own a share of income-producing real estate across India.</p>

      <div className="mt-6">
        <CatalogueFilterForm filters={catalogue.filters} cities={cities} />
      </div>

      <p className="mt-6 text-sm text-slate-600" aria-live="polite">
        {catalogue.total === 0
          ? "No properties match these filters."
          : `Showing ${first}–${last} of ${catalogue.total} ${catalogue.total === 1 ? "property" : "properties"}`}
      </p>

      {catalogue.items.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <h2 className="text-lg font-semibold text-ink">No properties found</h2>
          <p className="mt-1 text-slate-600">Try a different ticket size, city, price, return or type, or clear the filters.</p>
          <Link to={paths.properties()} className={buttonClasses("secondary", "md", "mt-4")}>
            Clear all filters
          </Link>
        </div>
      ) : (
        <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Property results">
          {catalogue.items.map((property, index) => (
            <li key={property.id}>
              <PropertyCard
                property={property}
                aboveTheFold={index < ABOVE_THE_FOLD_CARDS}
                sharesOwned={owned[property.id] ?? 0}
                watchlist={{
                  state: watchlist ? { saved: watchlist.saved.includes(property.id), notesAllowed: watchlist.notesAllowed } : null,
                  returnTo: here,
                  signInHref,
                }}
              />
            </li>
          ))}
        </ul>
      )}

      <Pagination page={catalogue.page} pageCount={catalogue.pageCount} search={search} pathname={paths.properties()} />
    </div>
  );
}
