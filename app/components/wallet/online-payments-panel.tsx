import { Link } from "@remix-run/react";
import { formatIndiaDateTime, formatRupees } from "~/lib/formats";
import { paths } from "~/lib/paths";
import { paymentState } from "./payment-states";

export type OnlinePayment = { id: string; amount: string; status: string; createdAt: string };

/** The investor's latest payments through the gateway, each linking to its page; nothing when there are none. */
export function OnlinePaymentsPanel({ payments }: { payments: OnlinePayment[] }) {
  if (payments.length === 0) return null;
  return (
    <section aria-labelledby="online-payments-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="online-payments-heading" className="text-lg font-semibold">
        Payments by UPI and net banking
      </h2>
      <ul className="mt-3 divide-y divide-slate-100" data-testid="online-payments">
        {payments.map((payment) => {
          const state = paymentState(payment.status);
          return (
            <li key={payment.id} className="flex items-start justify-between gap-4 py-3 text-sm">
              <div>
                <Link to={paths.payments.walletPayment(payment.id)} className="font-medium text-brand-700 underline">
                  {formatRupees(payment.amount, { paise: "always" })}
                </Link>
                <p className="text-xs text-slate-500">{formatIndiaDateTime(payment.createdAt)}</p>
              </div>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${state.tone}`}>{state.label}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
