import { Form, Link } from "@remix-run/react";
import { propertyImageSrc, propertyImageSrcSet } from "~/lib/property-image";
import { PropertyStatusBadge } from "~/components/properties/status-badge";
import { formatPercent, propertyTypeLabel } from "~/components/properties/property-format";
import { buttonClasses } from "~/components/ui/button-styles";
import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";
import { NotesField } from "./notes-field";
import { WATCHLIST_INTENTS } from "./watchlist-intents";
import type { WatchlistCard } from "~/domain/watchlist/list-watchlist.server";

/** A card as the watchlist loader sends it (the date it was added is not shown). */
export type WatchlistCardView = Omit<WatchlistCard, "addedAt">;

type NotesAccess = { allowed: true } | { allowed: false; reason: string };

/** The watchlist: the alert banner, a card per property, or the empty state. */
export function WatchlistCards({ cards, notes, returnTo }: { cards: WatchlistCardView[]; notes: NotesAccess; returnTo: string }) {
  if (cards.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
        <h2 className="text-lg font-semibold text-ink">Your watchlist is empty</h2>
        <p className="mt-1 text-slate-600">Save properties you like to follow them here.</p>
        <Link to={paths.properties()} className={buttonClasses("primary", "md", "mt-4")}>
          Browse Properties
        </Link>
      </div>
    );
  }
  const withOffers = cards.filter((card) => card.hasActiveSellOffers);
  return (
    <div className="space-y-4">
      {withOffers.length > 0 ? (
        <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">Watchlist Alert</p>
          <p className="mt-1">
            {withOffers.map((card) => card.title).join(", ")} {withOffers.length === 1 ? "is" : "are"} sold out, but other investors are
            offering shares for sale right now.
          </p>
        </div>
      ) : null}
      {notes.allowed ? null : <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{notes.reason}</p>}
      <ul className="grid gap-6 lg:grid-cols-2">
        {cards.map((card) => (
          <li key={card.propertyId}>
            <WatchlistCard card={card} notesAllowed={notes.allowed} returnTo={returnTo} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The card's button: shares can be bought while the property is open or other investors offer theirs. */
export function watchlistCardAction(card: Pick<WatchlistCardView, "status" | "hasActiveSellOffers">): "Buy Shares Now" | "View Property" {
  return card.status === "open" || card.hasActiveSellOffers ? "Buy Shares Now" : "View Property";
}

function WatchlistCard({ card, notesAllowed, returnTo }: { card: WatchlistCardView; notesAllowed: boolean; returnTo: string }) {
  const headingId = `watch-${card.propertyId}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="relative aspect-[16/9] bg-slate-100">
        {card.image ? (
          <img
            src={propertyImageSrc(card.image)}
            srcSet={propertyImageSrcSet(card.image)}
            // One column inside the dashboard (sidebar from 768 px), two from 1024 px.
            sizes="(min-width: 1280px) 480px, (min-width: 1024px) 40vw, (min-width: 768px) 70vw, calc(100vw - 2rem)"
            alt=""
            loading="lazy"
            width={800}
            height={450}
            className="h-full w-full object-cover"
          />
        ) : null}
        <div className="absolute top-3 left-3">
          <PropertyStatusBadge status={card.status} label={card.statusLabel} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h2 id={headingId} className="text-lg font-semibold break-words text-ink">
            {card.title}
          </h2>
          <p className="text-sm text-slate-600">
            {card.city}, {card.country} · {propertyTypeLabel(card.propertyType)}
          </p>
        </div>
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-xs text-slate-500">Share price</dt>
            <dd className="font-semibold">{formatINR(card.sharePrice)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Expected ROI</dt>
            <dd className="font-semibold">{formatPercent(card.expectedAnnualReturn)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Min. investment</dt>
            <dd className="font-semibold">{formatINR(card.minimumInvestment)}</dd>
          </div>
        </dl>
        {notesAllowed ? (
          <Form method="post" action={paths.watchlist()} className="space-y-2">
            <input type="hidden" name="intent" value={WATCHLIST_INTENTS.notes} />
            <input type="hidden" name="propertyId" value={card.propertyId} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <NotesField defaultValue={card.notes} label={`Notes on ${card.title}`} />
            <button type="submit" className={buttonClasses("secondary", "sm")}>
              Save notes
            </button>
          </Form>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center gap-3">
          <Link to={paths.invest(card.propertyId)} className={buttonClasses("primary", "md")}>
            {watchlistCardAction(card)}
            <span className="sr-only"> – {card.title}</span>
          </Link>
          <Form method="post" action={paths.watchlist()}>
            <input type="hidden" name="intent" value={WATCHLIST_INTENTS.remove} />
            <input type="hidden" name="propertyId" value={card.propertyId} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <button type="submit" className={buttonClasses("ghost", "md")} aria-label={`Remove ${card.title} from your watchlist`}>
              Remove
            </button>
          </Form>
        </div>
      </div>
    </article>
  );
}
