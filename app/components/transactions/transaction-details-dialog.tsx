import { Decimal } from "~/lib/money";
import { Form, Link, useNavigate } from "@remix-run/react";
import { SubmitButton } from "~/components/ui/status-button";
import { useRef, type ReactNode } from "react";
import { useDialogFocus } from "~/components/ui/use-dialog-focus";
import { buttonClasses } from "~/components/ui/button-styles";
import { CloseIcon } from "~/components/ui/icons";
import type { CoolingOff } from "~/domain/investing/cooling-off";
import type { HistoryRow } from "~/domain/transactions/transaction-history.server";
import { TRANSACTION_TYPE_LABELS } from "~/lib/transactions";
import { summaryOf } from "./transaction-list";
import { TransactionStatusBadge } from "./transaction-status-badge";
import { formatIndiaDateTime, formatSignedRupees, formatRupees } from "~/lib/formats";

/**
 * One transaction over the list. It is a route of its own, so without JavaScript it is a
 * page with a Close link; with scripts it also takes focus and closes on Escape.
 */
export function TransactionDetailsDialog({
  row,
  receiptNumber,
  closeHref,
  receiptHref,
  printHref,
  coolingOff = null,
  linked = [],
}: {
  row: HistoryRow;
  /** The other half of a linked pair (rent reinvested, ADR 0072): what to call it and where it is. */
  linked?: { label: string; href: string }[];
  /** A purchase's cooling-off (ADR 0068): the Cancel Purchase form while open, else why it is gone. */
  coolingOff?: CoolingOff | null;
  receiptNumber: string;
  closeHref: string;
  receiptHref: string;
  printHref: string;
}) {
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialogFocus(dialogRef, () => navigate(closeHref, { preventScrollReset: true }));

  const effect = new Decimal(row.walletEffect);
  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/50 p-4 sm:items-center">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="transaction-details-title"
        tabIndex={-1}
        className="w-full max-w-lg rounded-xl bg-white p-6 shadow-xl focus:outline-none"
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id="transaction-details-title" className="text-lg font-semibold text-ink">
              Transaction details
            </h2>
            <p className="text-sm text-slate-600">{summaryOf(row)}</p>
          </div>
          <Link to={closeHref} preventScrollReset className="rounded-lg p-2 text-xl hover:bg-slate-100" aria-label="Close details">
            <CloseIcon />
          </Link>
        </div>

        {row.property ? (
          <Section title="Property">
            <Item label="Name" value={row.property.title} />
            <Item label="City" value={row.property.city} />
            <Item label="Current share price" value={formatRupees(row.property.sharePrice, { paise: "if-any" })} />
          </Section>
        ) : null}

        <Section title="Breakdown">
          {row.shares !== null && row.pricePerShare !== null ? (
            <Item
              label={`${row.shares} × ${formatRupees(row.pricePerShare, { paise: "if-any" })}`}
              value={formatRupees(row.amount, { paise: "if-any" })}
            />
          ) : (
            <Item label={TRANSACTION_TYPE_LABELS[row.type]} value={formatRupees(row.amount, { paise: "if-any" })} />
          )}
          {new Decimal(row.fee).gt(0) ? (
            <Item label="Platform fee (GST included)" value={formatRupees(row.fee, { paise: "if-any" })} />
          ) : null}
          <Item
            label={effect.isNegative() ? "Total debited" : "Total credited"}
            value={formatSignedRupees(effect)}
            strong
            testId="details-total"
          />
        </Section>

        <Section title="Timeline">
          <Item label="Created" value={formatIndiaDateTime(row.createdAt)} />
          <div className="flex justify-between gap-4 py-1 text-sm">
            <dt className="text-slate-600">Status</dt>
            <dd>
              <TransactionStatusBadge status={row.status} />
            </dd>
          </div>
        </Section>

        {coolingOff ? <CoolingOffPanel coolingOff={coolingOff} refund={new Decimal(row.amount).plus(row.fee).toFixed(2)} /> : null}

        {linked.length > 0 ? (
          <Section title="Rent reinvested">
            {linked.map((link) => (
              <div key={link.href} className="py-2 text-sm">
                <Link to={link.href} className="font-medium text-brand-700 underline">
                  {link.label}
                </Link>
              </div>
            ))}
          </Section>
        ) : null}

        <Section title="Additional info">
          <Item label="Receipt number" value={receiptNumber} />
          {row.description ? <Item label="Description" value={row.description} /> : null}
          <Item label="Transaction ID" value={row.id} mono />
          {row.referenceId ? <Item label="Reference" value={row.referenceId} mono /> : null}
          {row.journalId ? <Item label="Ledger journal" value={row.journalId} mono /> : null}
        </Section>

        <div className="mt-6 flex flex-wrap gap-2">
          <a href={receiptHref} download className={buttonClasses("primary", "md")}>
            Download Receipt
          </a>
          <Link to={printHref} className={buttonClasses("secondary", "md")}>
            Print
          </Link>
          <Link to={closeHref} preventScrollReset className={buttonClasses("ghost", "md")}>
            Close
          </Link>
        </div>
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <dl className="mt-1 divide-y divide-slate-100">{children}</dl>
    </section>
  );
}

function Item({
  label,
  value,
  strong = false,
  mono = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  mono?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex justify-between gap-4 py-1 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd data-testid={testId} className={`text-right break-all ${strong ? "font-semibold" : ""} ${mono ? "font-mono text-xs" : ""}`}>
        {value}
      </dd>
    </div>
  );
}

function CoolingOffPanel({ coolingOff, refund }: { coolingOff: CoolingOff; refund: string }) {
  return (
    <section className="mt-5 rounded-lg border border-slate-200 p-3 text-sm" aria-labelledby="cooling-off-title">
      <h3 id="cooling-off-title" className="font-semibold text-ink">
        Cooling-off
      </h3>
      {coolingOff.state === "open" ? (
        <Form method="post" className="mt-2 space-y-2">
          <p className="text-slate-700">
            {`You may cancel this purchase until ${formatIndiaDateTime(coolingOff.until)} while the raise is open: the shares go back and ${formatRupees(refund, { paise: "if-any" })} (price and fee) returns to your wallet.`}
          </p>
          <SubmitButton intent="cancel-purchase" pendingText="Cancelling...">
            Cancel Purchase
          </SubmitButton>
        </Form>
      ) : (
        <p className="mt-1 text-slate-700" data-testid="cooling-off-reason">
          {coolingOff.reason}
        </p>
      )}
    </section>
  );
}
