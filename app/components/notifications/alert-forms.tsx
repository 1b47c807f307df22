import { Form } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { paths } from "~/lib/paths";
import { ALERT_INTENTS } from "./alert-links";

/** Marks one alert read; a real form, so it works without JavaScript. */
export function MarkReadForm({ alertId, returnTo, title }: { alertId: string; returnTo: string; title: string }) {
  return (
    <Form method="post" action={paths.dashboard.notifications()} preventScrollReset>
      <input type="hidden" name="intent" value={ALERT_INTENTS.markRead} />
      <input type="hidden" name="alertId" value={alertId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={buttonClasses("secondary", "sm")} aria-label={`Mark read: ${title}`}>
        Mark read
      </button>
    </Form>
  );
}

/** Marks every unread alert read, saying how many that is. */
export function MarkAllReadForm({ unread, returnTo, className = "" }: { unread: number; returnTo: string; className?: string }) {
  return (
    <Form method="post" action={paths.dashboard.notifications()} className={className} preventScrollReset>
      <input type="hidden" name="intent" value={ALERT_INTENTS.markAllRead} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={buttonClasses("secondary", "sm")} disabled={unread === 0}>
        Mark all read ({unread})
      </button>
    </Form>
  );
}
