import type { ReactNode } from "react";
import { BrandMark } from "~/components/ui/brand-mark";

const RECEIPT_FOOTNOTE = "This is a computer-generated receipt and needs no signature.";

export type ReceiptLineView = { label: string; value: string; strong?: boolean };

// Printing hides everything in <body> but <main> (site header, footer, toasts); the
// dashboard nav and the controls below hide themselves with print:hidden.
const HIDE_SITE_CHROME_WHEN_PRINTING = "print:[body:has(&)>*:not(main)]:hidden";

/** The receipt as a page: the same lines as the PDF, laid out to print on one sheet. */
export function PrintableReceipt({
  number,
  lines,
  issuer,
  children,
}: {
  number: string;
  lines: ReceiptLineView[];
  /** The issuing company: name, address, CIN, GSTIN. */
  issuer: string[];
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto max-w-2xl px-4 py-8 print:max-w-none print:p-0 ${HIDE_SITE_CHROME_WHEN_PRINTING}`}>
      <div className="mb-6 flex flex-wrap items-center gap-3 print:hidden">{children}</div>
      <article aria-labelledby="receipt-title" className="rounded-xl border border-slate-200 bg-white p-6 print:border-0 print:p-0">
        <header className="flex items-center gap-3">
          <BrandMark />
          <div>
            <h1 id="receipt-title" className="text-xl font-bold text-ink">
              Aangan transaction receipt
            </h1>
            <p className="text-sm text-slate-600">{number}</p>
          </div>
        </header>
        <address className="mt-3 text-xs leading-5 text-slate-600 not-italic" data-testid="receipt-issuer">
          {issuer.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
        <dl className="mt-6 divide-y divide-slate-200">
          {lines.map((line) => (
            <div key={line.label} className="grid grid-cols-3 gap-4 py-2 text-sm">
              <dt className="font-semibold text-slate-700">{line.label}</dt>
              <dd className={`col-span-2 break-words text-ink ${line.strong ? "font-semibold" : ""}`}>{line.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-xs text-slate-500">{RECEIPT_FOOTNOTE}</p>
      </article>
    </div>
  );
}
