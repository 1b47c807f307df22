import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { KycStatusBadge } from "~/components/admin/kyc/kyc-queue-table";
import { TierBadge } from "~/components/admin/users/tier-badge";
import { UserActionErrors, UserActions } from "~/components/admin/users/user-actions";
import { getUserDetails } from "~/domain/admin/users/get-user-details.server";
import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { submitUserAction } from "~/web/admin-users.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { requireParams } from "~/web/params.server";
import { getAdminNomination } from "~/domain/nominees/admin-nomination.server";
import { TransmissionSection } from "~/components/admin/users/transmission-section";
import { isTransmissionPost, submitTransmission } from "~/web/transmission.server";
import { formatIndiaDateTime, formatShares } from "~/lib/formats";

const userNotFound = () => data("User not found.", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { userId } = requireParams(params, { userId: "uuid" }, userNotFound);
  const details = await getUserDetails(getPrisma(), userId);
  if (!details) throw userNotFound();
  return { ...details, nominees: await getAdminNomination(getPrisma(), userId) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  if (await isTransmissionPost(request)) {
    const { userId } = requireParams(params, { userId: "uuid" }, userNotFound);
    return submitTransmission(request, admin, userId);
  }
  return submitUserAction(request, admin);
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby={`section-${title}`}>
      <h2 id={`section-${title}`} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

const Empty = ({ children }: { children: string }) => <p className="text-slate-600">{children}</p>;

export default function AdminUserDetailsPage() {
  const { profile, investmentsByProperty, sellRequests, holdings, transactions, nominees } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const location = useLocation();
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6">
      <Link to={paths.admin.users()} className="text-sm text-brand-700 underline">
        ← Back to users
      </Link>
      <h1 className="text-2xl font-bold text-ink">{profile.fullName ?? "No Name"}</h1>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span className="break-all">{profile.email}</span>
        <TierBadge tier={profile.tier} override={profile.tierOverrideByAdmin} />
        <KycStatusBadge status={profile.kycStatus} />
        <span>
          {profile.sessionCount} active session{profile.sessionCount === 1 ? "" : "s"}
        </span>
      </p>
      <UserActionErrors reply={reply} />
      <UserActions user={profile} returnTo={location.pathname} />

      <Section title="Investments">
        {investmentsByProperty.length === 0 ? (
          <Empty>No investments yet.</Empty>
        ) : (
          <ul className="space-y-2">
            {investmentsByProperty.map((group) => (
              <li key={group.propertyId} className="rounded-lg border border-slate-200 p-3">
                <details>
                  <summary className="cursor-pointer">
                    <span className="font-semibold">{group.title}</span> — {formatINR(group.total)} · {formatShares(group.shares)} · average{" "}
                    {formatINR(group.averagePrice, { paise: true })}
                  </summary>
                  <ul className="mt-2 space-y-1 text-slate-700">
                    {group.purchases.map((purchase) => (
                      <li key={purchase.id}>
                        {formatIndiaDateTime(purchase.date)}: {purchase.shares} × {formatINR(purchase.pricePerShare, { paise: true })} ={" "}
                        {formatINR(purchase.total, { paise: true })} ({purchase.status})
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Sell requests">
        {sellRequests.length === 0 ? (
          <Empty>No sell requests.</Empty>
        ) : (
          <ul className="space-y-2">
            {sellRequests.map((request) => (
              <li key={request.id}>
                <span className="font-semibold">{request.title}</span>: {request.remainingShares}/{request.sharesToSell} shares at{" "}
                {formatINR(request.pricePerShare, { paise: true })}{" "}
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold">{request.status}</span>
                {request.adminNotes ? <span className="block text-slate-600">Admin notes: {request.adminNotes}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Holdings">
        {holdings.length === 0 ? (
          <Empty>No holdings.</Empty>
        ) : (
          <ul className="space-y-1">
            {holdings.map((holding) => (
              <li key={holding.propertyId}>
                <span className="font-semibold">{holding.title}</span>: {formatShares(holding.shares)}, average{" "}
                {formatINR(holding.avgPrice, { paise: true })}, cost {formatINR(holding.costBasis, { paise: true })}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <TransmissionSection
        nominees={nominees}
        error={reply && typeof reply === "object" && "transmissionError" in reply ? String(reply.transmissionError) : null}
      />

      <Section title="Recent transactions">
        {transactions.length === 0 ? (
          <Empty>No transactions.</Empty>
        ) : (
          <ul className="space-y-1">
            {transactions.map((transaction) => (
              <li key={transaction.id}>
                {formatIndiaDateTime(transaction.createdAt)} · {transaction.transactionType} ·{" "}
                {formatINR(transaction.amount, { paise: true })} · {transaction.status}
                {transaction.title ? ` · ${transaction.title}` : ""}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
