import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ALERT_INTENTS } from "~/components/notifications/alert-links";
import { NotificationsPage } from "~/components/notifications/notifications-page";
import { requireDashboardUser, requireUser } from "~/web/guards.server";
import { readFormData } from "~/web/form-data.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { listAlerts, parseAlertPages } from "~/domain/alerts/list-alerts.server";
import { markAlertRead, markAllAlertsRead } from "~/domain/alerts/mark-alerts-read.server";
import { getPrisma } from "~/services/db.server";
import { paths } from "~/lib/paths";
import { safeRedirectTo } from "~/lib/redirect-to";
import { AlertSettings } from "~/components/notifications/alert-settings";
import { getAlertSettings } from "~/domain/alert-rules/alert-preferences.server";
import { handleAlertSettings, isAlertSettingsCommand } from "~/web/alert-settings.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDashboardUser(request);
  const pages = parseAlertPages(new URL(request.url).searchParams.get("pages"));
  const [list, settings] = await Promise.all([listAlerts(getPrisma(), user.id, pages), getAlertSettings(getPrisma(), user.id)]);
  return { ...list, pages, settings };
}

const AlertCommand = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(ALERT_INTENTS.markRead), alertId: z.string().min(1).max(100), returnTo: z.string().optional() }),
  z.object({ intent: z.literal(ALERT_INTENTS.markAllRead), returnTo: z.string().optional() }),
]);

// Any signed-in user may mark their own alerts read: the bell posts here from every page,
// including the waitlist dashboard, whose users cannot open this page itself.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  // The alert settings (ADR 0070) are the investor's own: they need the dashboard, not only a session.
  if (isAlertSettingsCommand(form)) return handleAlertSettings(request, form);
  const parsed = AlertCommand.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new Response("Unknown notifications command", { status: 400 });
  const command = parsed.data;
  const back = safeRedirectTo(command.returnTo, paths.dashboard.notifications());
  if (command.intent === ALERT_INTENTS.markRead) {
    try {
      await markAlertRead(getPrisma(), user.id, command.alertId);
    } catch (error) {
      throw await replyToDomainError(error, null, { asText: true });
    }
    return redirectWithToast(back, { kind: "success", title: "Marked as read" });
  }
  const count = await markAllAlertsRead(getPrisma(), user.id);
  return redirectWithToast(back, {
    kind: "success",
    title: count === 0 ? "No unread notifications" : `Marked ${count} ${count === 1 ? "notification" : "notifications"} as read`,
  });
}

export default function DashboardNotifications() {
  const { pages, settings, ...list } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div>
      <NotificationsPage
        morePath={paths.dashboard.notifications({ pages: pages + 1 })}
        {...list}
        className="space-y-4 px-4 py-6 sm:px-6 lg:px-8"
      />
      <div className="px-4 pb-6 sm:px-6 lg:px-8">
        <AlertSettings settings={settings} reply={reply && "result" in reply ? reply : undefined} />
      </div>
    </div>
  );
}
