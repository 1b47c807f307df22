import { Form, Link } from "@remix-run/react";
import { paths } from "~/lib/paths";
import { WATCHLIST_INTENTS } from "./watchlist-intents";

const chip =
  "inline-flex items-center gap-1 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-ink shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600";

export type WatchlistToggleProps = {
  propertyId: string;
  title: string;
  /** Null for a signed-out visitor, who is sent to sign in. */
  state: { saved: boolean; notesAllowed: boolean } | null;
  /** Where the visitor comes back to (this page). */
  returnTo: string;
  signInHref: string;
  className?: string;
};

/**
 * Save or remove a property, as plain forms. Someone who may write notes is taken to the
 * notes dialog first, as the spec's save flow does; signed-out visitors go to sign in.
 */
export function WatchlistToggle({ propertyId, title, state, returnTo, signInHref, className = chip }: WatchlistToggleProps) {
  if (!state) {
    return (
      <Link to={signInHref} className={className}>
        <WatchlistChipText star="☆" before={`Please sign in to add ${title} to your `} visible="watchlist" />
      </Link>
    );
  }
  if (state.saved) {
    return (
      <Form method="post" action={paths.watchlist()}>
        <input type="hidden" name="intent" value={WATCHLIST_INTENTS.remove} />
        <input type="hidden" name="propertyId" value={propertyId} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className={className}>
          <WatchlistChipText star="★" visible="saved" after={`: remove ${title} from your watchlist`} />
        </button>
      </Form>
    );
  }
  if (state.notesAllowed) {
    return (
      <Link to={paths.watchlist({ save: propertyId, returnTo })} className={className}>
        <WatchlistChipText star="☆" before={`Save ${title} to your `} visible="watchlist" />
      </Link>
    );
  }
  return (
    <Form method="post" action={paths.watchlist()}>
      <input type="hidden" name="intent" value={WATCHLIST_INTENTS.save} />
      <input type="hidden" name="propertyId" value={propertyId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={className}>
        <WatchlistChipText star="☆" before={`Save ${title} to your `} visible="watchlist" />
      </button>
    </Form>
  );
}

/**
 * The chip shows a star and one word; its accessible name is a sentence that contains that word
 * (WCAG 2.5.3, label in name), so a voice user can say what they see. The word is written in
 * lower case and capitalised by CSS, so the sentence reads naturally.
 */
function WatchlistChipText({ star, before = "", visible, after = "" }: { star: string; before?: string; visible: string; after?: string }) {
  return (
    <>
      <span aria-hidden="true">{star} </span>
      {before ? <span className="sr-only">{before}</span> : null}
      <span className="capitalize">{visible}</span>
      {after ? <span className="sr-only">{after}</span> : null}
    </>
  );
}
