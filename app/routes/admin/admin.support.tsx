import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useToast } from "~/components/toast/toast-provider";
import { TicketDetail } from "~/components/admin/support/ticket-detail";
import { TicketList } from "~/components/admin/support/ticket-list";
import { useLiveRevalidation } from "~/components/realtime/use-live-revalidation";
import { paths } from "~/lib/paths";
import { loadSupportDesk, submitTicketUpdate } from "./admin-support.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadSupportDesk(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  return submitTicketUpdate(request, admin);
}

export default function AdminSupportPage() {
  const { tickets, pages, pageQuery, selected, filters, search, awaitingApproval } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() ?? null;
  useLiveRevalidation({ admin: true });
  const toast = useToast();
  useEffect(() => {
    if (reply && "updated" in reply && reply.updated) toast.show({ kind: "success", title: "Ticket Updated" });
  }, [reply, toast]);
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Support Tickets</h1>
      {awaitingApproval ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Awaiting approval: completing this request needs a second admin.{" "}
          <Link to={paths.admin.approvals()} className="font-semibold underline">
            Open Approvals
          </Link>
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <TicketList tickets={tickets} pages={pages} pageQuery={pageQuery} filters={filters} selectedId={selected?.id ?? null} />
        {selected ? (
          <TicketDetail
            key={`${selected.id}:${selected.status}:${selected.adminResponse ?? ""}`}
            ticket={selected}
            reply={reply}
            returnTo={search}
          />
        ) : (
          <p className="rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-600">Select a ticket to see its details.</p>
        )}
      </div>
    </div>
  );
}
