import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { SubmitButton } from "~/components/ui/status-button";
import { getOwnAnalytics } from "~/domain/analytics/recent-events.server";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { logEventFor } from "~/web/analytics.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import { requireUserWithinTrial } from "~/web/guards.server";
import { formatIndiaDateTime } from "~/lib/formats";
import { replyToInvalidSubmission } from "~/web/submission-reply.server";
import { z } from "zod";

const logEventSchema = z.object({ intent: z.literal("log-event", { error: "Unknown action." }) });

/** The debugging page of spec 2.13: the signed-in user's own events only. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithinTrial(request);
  const show = new URL(request.url).searchParams.get("show");
  const own = await getOwnAnalytics(getPrisma(), user.id);
  return { showEvents: show === "events", showActivity: show === "activity", ...own };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithinTrial(request);
  const submission = parseWithZod(await readFormData(request), { schema: logEventSchema });
  if (submission.status !== "success") return replyToInvalidSubmission(submission);
  const logged = await logEventFor(user.id, { eventName: "test_event", props: { source: "test-analytics" } });
  return redirectWithToast(
    paths.testAnalytics({ show: "events" }),
    logged
      ? { kind: "success", title: "Event logged" }
      : { kind: "error", title: "Event not logged", description: "Analytics is turned off." },
  );
}

export default function TestAnalyticsPage() {
  const { showEvents, showActivity, events, lastActivityAt } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-2xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-bold text-ink">Analytics Test</h1>
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <SubmitButton intent="log-event">Log a test event</SubmitButton>
        </Form>
        <Form method="get">
          <button type="submit" name="show" value="events" className={buttonClasses("secondary", "md")}>
            Show 5 latest events
          </button>
        </Form>
        <Form method="get">
          <button type="submit" name="show" value="activity" className={buttonClasses("secondary", "md")}>
            Check last activity
          </button>
        </Form>
      </div>
      {showEvents ? (
        <section aria-labelledby="latest-events" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="latest-events" className="font-semibold">
            Your 5 latest events
          </h2>
          {events.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No events yet.</p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm">
              {events.map((event) => (
                <li key={event.id}>
                  <code>{event.eventName}</code> · {formatIndiaDateTime(event.createdAt)} ·{" "}
                  <code className="break-all">{event.eventProps}</code>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {showActivity ? (
        <p role="status" className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
          Last activity: {lastActivityAt ? formatIndiaDateTime(lastActivityAt) : "none recorded"}
        </p>
      ) : null}
    </main>
  );
}
