import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/ui/status-button";
import { TableScroll } from "~/components/ui/table-scroll";
import { formatIndiaDate, formatRupees } from "~/lib/formats";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { handleAdminPremiumAction, loadAdminPremium } from "~/web/premium.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadAdminPremium();
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  return handleAdminPremiumAction(request, admin);
}

/** The Premium price setting (audited) and the latest Premium periods, paid and waived (ADR 0063). */
export default function AdminPremiumPage() {
  const { price, periods } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors = reply && "result" in reply ? (reply.result?.error ?? {}) : {};
  const fieldError = (name: string) => errors[name]?.[0] ?? null;
  const formError = errors[""]?.[0] ?? null;
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">Premium</h1>
      <section aria-labelledby="price-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="price-heading" className="text-lg font-semibold">
          Price
        </h2>
        <p className="mt-1 text-sm text-slate-700" data-testid="premium-price-in-force">
          In force: {formatRupees(price.price)} for {price.months} months, GST included. A new price applies to orders made after it; orders
          already made keep theirs.
        </p>
        <Form method="post" className="mt-3 grid max-w-md gap-3" noValidate>
          <label className="block text-sm font-medium text-slate-700">
            Price in rupees, GST included
            <input
              name="price"
              inputMode="decimal"
              required
              defaultValue={price.price}
              aria-invalid={fieldError("price") ? true : undefined}
              aria-describedby={fieldError("price") ? "price-error" : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
            />
          </label>
          {fieldError("price") ? (
            <p id="price-error" className="text-sm text-red-700">
              {fieldError("price")}
            </p>
          ) : null}
          <label className="block text-sm font-medium text-slate-700">
            Months
            <input
              name="months"
              inputMode="numeric"
              required
              defaultValue={String(price.months)}
              aria-invalid={fieldError("months") ? true : undefined}
              aria-describedby={fieldError("months") ? "months-error" : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
            />
          </label>
          {fieldError("months") ? (
            <p id="months-error" className="text-sm text-red-700">
              {fieldError("months")}
            </p>
          ) : null}
          {formError ? (
            <p role="alert" className="text-sm text-red-700">
              {formError}
            </p>
          ) : null}
          <SubmitButton intent="set-price" pendingText="Saving..." className="w-full sm:w-auto">
            Save Price
          </SubmitButton>
        </Form>
      </section>
      <section aria-labelledby="periods-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="periods-heading" className="text-lg font-semibold">
          Latest Premium periods
        </h2>
        <TableScroll label="Latest Premium periods">
          <table className="mt-2 w-full min-w-[36rem] text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-3">
                  User
                </th>
                <th scope="col" className="py-2 pr-3">
                  Kind
                </th>
                <th scope="col" className="py-2 pr-3">
                  Period
                </th>
                <th scope="col" className="py-2">
                  Paid
                </th>
              </tr>
            </thead>
            <tbody>
              {periods.map((period) => (
                <tr key={period.id} className="border-b border-slate-100">
                  <td className="py-2 pr-3 break-all">{period.email}</td>
                  <td className="py-2 pr-3">{period.source === "waiver" ? `Waiver (${period.grantedBy ?? "admin"})` : "Paid"}</td>
                  <td className="py-2 pr-3">
                    {formatIndiaDate(period.startsAt)} {period.endsAt ? `to ${formatIndiaDate(period.endsAt)}` : "onwards"}
                    {period.cancelled ? " (ended early)" : ""}
                  </td>
                  <td className="py-2">{period.amount ? formatRupees(period.amount) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
    </div>
  );
}
