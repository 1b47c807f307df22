import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { WatchlistCards } from "~/components/watchlist/watchlist-cards";
import { NotesField } from "~/components/watchlist/notes-field";
import { WATCHLIST_INTENTS } from "~/components/watchlist/watchlist-intents";
import { buttonClasses } from "~/components/ui/button-styles";
import { logEventFor } from "~/web/analytics.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import { getOptionalUser, requireUserWithinTrial } from "~/web/guards.server";
import { listWatchlist } from "~/domain/watchlist/list-watchlist.server";
import { mayUseNotes, notesLockedReason } from "~/domain/watchlist/notes-access";
import { addToWatchlist, removeFromWatchlist, updateWatchlistNotes } from "~/domain/watchlist/watchlist.server";
import { dashboardEntryRedirect } from "~/domain/access/access-rules";
import { getPrisma } from "~/services/db.server";
import { paths } from "~/lib/paths";
import { safeRedirectTo, signInPath } from "~/lib/redirect-to";

/**
 * The watchlist's own address. Its action saves, removes and annotates entries for any
 * signed-in user (explorers too: any profile may use the watchlist). GET shows the notes
 * dialog with ?save=<propertyId>, otherwise the user's watchlist (dashboard users are sent
 * to their dashboard's copy).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithinTrial(request);
  const url = new URL(request.url);
  const saveId = url.searchParams.get("save");
  const returnTo = safeRedirectTo(url.searchParams.get("returnTo"), paths.properties());
  const prisma = getPrisma();
  if (saveId) {
    const property = await prisma.property.findFirst({
      where: { id: saveId, propertyStatus: { not: "draft" } },
      select: { id: true, title: true },
    });
    if (!property) throw new Response("Property not found", { status: 404 });
    return { mode: "save" as const, property, returnTo, notesAllowed: mayUseNotes(user) };
  }
  if (user.tier === "waitlist_player") throw redirect(paths.waitlistDashboard.watchlist());
  if (!dashboardEntryRedirect(user)) throw redirect(paths.dashboard.watchlist());
  const cards = await listWatchlist(prisma, user.id);
  const reason = notesLockedReason(user);
  return { mode: "list" as const, cards, notes: reason ? { allowed: false as const, reason } : { allowed: true as const } };
}

// The spec's words (000 §8) for a watchlist command that could not be carried out.
const FAILED: Record<string, string> = {
  [WATCHLIST_INTENTS.save]: "Failed to add to watchlist",
  [WATCHLIST_INTENTS.remove]: "Failed to remove from watchlist",
  [WATCHLIST_INTENTS.notes]: "Failed to update notes",
};

const Command = z.object({
  intent: z.enum([WATCHLIST_INTENTS.save, WATCHLIST_INTENTS.remove, WATCHLIST_INTENTS.notes]),
  propertyId: z.string().min(1).max(200),
  notes: z.string().max(5000).optional(),
  returnTo: z.string().optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: Command, disableAutoCoercion: true });
  const returnTo = safeRedirectTo(submission.payload.returnTo, paths.watchlist());
  const user = await getOptionalUser(request);
  // Signed-out visitors are asked to sign in and come back to the page they were on.
  if (!user) {
    return redirectWithToast(signInPath(returnTo), {
      kind: "error",
      title: "User not authenticated",
      description: "Please sign in to use your watchlist.",
    });
  }
  if (submission.status !== "success") {
    const title = FAILED[String(submission.payload.intent)] ?? "Failed to update watchlist";
    return redirectWithToast(returnTo, { kind: "error", title }, { status: 303 });
  }
  const { intent, propertyId, notes } = submission.value;
  const prisma = getPrisma();
  try {
    if (intent === WATCHLIST_INTENTS.save) {
      await addToWatchlist(prisma, user, { propertyId, notes });
      await logEventFor(user.id, { eventName: "watchlist_toggle", propertyId, props: { inWatchlist: true } });
      if (notes?.trim()) await logEventFor(user.id, { eventName: "note_updated", propertyId });
      return redirectWithToast(returnTo, { kind: "success", title: "Added to watchlist" });
    }
    if (intent === WATCHLIST_INTENTS.remove) {
      const removed = await removeFromWatchlist(prisma, user.id, propertyId);
      if (removed) await logEventFor(user.id, { eventName: "watchlist_toggle", propertyId, props: { inWatchlist: false } });
      return redirectWithToast(returnTo, { kind: "success", title: removed ? "Removed from watchlist" : "Not in your watchlist" });
    }
    await updateWatchlistNotes(prisma, user, { propertyId, notes: notes ?? "" });
    await logEventFor(user.id, { eventName: "note_updated", propertyId });
    return redirectWithToast(returnTo, { kind: "success", title: "Notes saved" });
  } catch (error) {
    return replyToDomainError(error, null, { otherwise: { to: returnTo, toast: { kind: "error" } } });
  }
}

export default function WatchlistRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.mode === "list") {
    return (
      <div className="mx-auto max-w-5xl space-y-4 px-4 py-8">
        <h1 className="text-2xl font-bold text-ink">Watchlist</h1>
        <WatchlistCards cards={data.cards} notes={data.notes} returnTo={paths.watchlist()} />
      </div>
    );
  }
  const { property, returnTo, notesAllowed } = data;
  return (
    <div className="flex justify-center px-4 py-10">
      <section
        role="dialog"
        aria-modal="false"
        aria-labelledby="save-heading"
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-lg"
      >
        <h1 id="save-heading" className="text-xl font-bold text-ink">
          Save to watchlist
        </h1>
        <p className="mt-1 text-sm break-words text-slate-600">{property.title}</p>
        <Form method="post" action={paths.watchlist()} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value={WATCHLIST_INTENTS.save} />
          <input type="hidden" name="propertyId" value={property.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          {notesAllowed ? <NotesField /> : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Link to={returnTo} className={buttonClasses("ghost", "md")}>
              Cancel
            </Link>
            <button type="submit" className={buttonClasses("primary", "md")}>
              Save to watchlist
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
