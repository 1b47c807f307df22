import { formatCalendarDate, formatRupees, formatShares } from "~/lib/formats";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { HoldingsCertificateForm } from "~/components/dashboard/holdings-certificate-form";
import { buttonClasses } from "~/components/ui/button-styles";
import { controlClasses, labelClasses } from "~/components/ui/field-styles";
import { COST_METHOD, NOT_TAX_ADVICE } from "~/domain/statements/statement-figures";
import { VALUATION_RULE } from "~/domain/figures/valuation.server";
import { paths } from "~/lib/paths";
import { requireRecordsReader } from "~/web/guards.server";
import { loadStatementsPage } from "~/web/statements.server";
import { TableScroll } from "~/components/ui/table-scroll";
import { Pager } from "~/components/admin/pager";
import { statementOnScreen } from "~/domain/statements/statement-screen";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRecordsReader(request);
  const { years, year, figures: whole, certificates } = await loadStatementsPage(request, user);
  // The summary whole, the year's holdings, sales and distributions a page at a time (issue 37); the PDF keeps every line.
  const query = new URL(request.url).searchParams;
  const figures = statementOnScreen(whole, {
    sales: Number(query.get("sales") ?? 1),
    distributions: Number(query.get("received") ?? 1),
    holdings: Number(query.get("held") ?? 1),
  });
  return { years, year, figures, certificates, valuationRule: VALUATION_RULE };
}

const fyLabel = (year: number) => `FY ${year}-${String((year + 1) % 100).padStart(2, "0")} (April ${year} to March ${year + 1})`;

export default function StatementsPage() {
  const { years, year, figures, certificates, valuationRule } = useLoaderData<typeof loader>();
  const location = useLocation();
  const query = { year: String(year) };
  const summary: [string, string][] = [
    ["Opening wallet balance", formatRupees(figures.openingBalance)],
    ["Money in", formatRupees(figures.totalIn)],
    ["Money out", formatRupees(figures.totalOut)],
    ["Closing wallet balance", formatRupees(figures.closingBalance)],
    ["Distributions received", formatRupees(figures.distributionsTotal)],
    ["Short-term gain or loss", formatRupees(figures.gainsTotals.shortTerm)],
    ["Long-term gain or loss", formatRupees(figures.gainsTotals.longTerm)],
    ["Net realised gain or loss", formatRupees(figures.gainsTotals.total)],
  ];
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Statements</h1>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="year" className={labelClasses}>
            Financial year
          </label>
          <select id="year" name="year" defaultValue={String(year)} className={controlClasses}>
            {years.map((y) => (
              <option key={y} value={y}>
                {fyLabel(y)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClasses("secondary", "md")}>
          Show
        </button>
      </Form>

      <section aria-labelledby="summary-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="summary-heading" className="text-lg font-semibold">
          {fyLabel(year)}
        </h2>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {summary.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-2 border-b border-slate-100 py-1">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          <a href={paths.dashboard.accountStatementPdf(query)} className={buttonClasses("primary", "sm")} download>
            Account statement (PDF)
          </a>
          <a href={paths.dashboard.capitalGainsPdf(query)} className={buttonClasses("secondary", "sm")} download>
            Capital-gains statement (PDF)
          </a>
          <a href={paths.dashboard.capitalGainsCsv(query)} className={buttonClasses("secondary", "sm")} download>
            Capital-gains statement (CSV)
          </a>
        </div>
      </section>

      <section aria-labelledby="holdings-heading" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="holdings-heading" className="text-lg font-semibold">
          Holdings on {formatCalendarDate(figures.holdingsOn)}
        </h2>
        {figures.holdings.length === 0 ? (
          <p className="text-sm text-slate-600">No shares held on that date.</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100 text-sm">
              {figures.holdings.map((h) => (
                <li key={h.propertyId} className="py-2">
                  <div className="flex flex-wrap justify-between gap-x-3">
                    <span className="font-medium">{h.propertyTitle}</span>
                    <span>
                      Value <span className="font-semibold">{h.value === undefined ? "—" : formatRupees(h.value)}</span>
                    </span>
                  </div>
                  <p className="text-slate-600">
                    {formatShares(h.shares)}, cost {formatRupees(h.cost)}
                    {h.price === undefined ? null : (
                      <>
                        {" "}
                        · {formatRupees(h.price)} a share, at {h.priceBasis}
                      </>
                    )}
                  </p>
                </li>
              ))}
            </ul>
            <Pager
              search={location.search}
              page={figures.holdingsPage.page}
              pageCount={figures.holdingsPage.pageCount}
              label="Holdings pages"
              param="held"
            />
            <p className="flex justify-between gap-2 border-t border-slate-200 pt-2 text-sm font-semibold">
              <span>
                Total value on {formatCalendarDate(figures.valuedOn)}
                {figures.holdingsPage.pageCount > 1 ? `, all ${figures.holdingsPage.total} properties` : null}
              </span>
              <span>{formatRupees(figures.holdingsValue)}</span>
            </p>
          </>
        )}
        <p className="text-xs text-slate-600">{valuationRule}</p>
        <a href={paths.dashboard.holdingsCsv(query)} className={buttonClasses("secondary", "sm")} download>
          Holdings (CSV)
        </a>
      </section>

      <section aria-labelledby="tax-heading" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="tax-heading" className="text-lg font-semibold">
          Tax
        </h2>
        <p className="text-sm text-slate-700">
          The tax pack lists the year&apos;s income by head, the tax deducted at source (TDS) from your distributions by section, and your
          capital gains, citing the sections in force for the year.
        </p>
        <div className="flex flex-wrap gap-2">
          <a href={paths.dashboard.taxPackPdf(query)} className={buttonClasses("primary", "sm")} download>
            Tax pack (PDF)
          </a>
          <a href={paths.dashboard.taxPackCsv(query)} className={buttonClasses("secondary", "sm")} download>
            Tax pack (CSV)
          </a>
        </div>
        <h3 className="pt-2 font-semibold">TDS certificates</h3>
        {certificates.length === 0 ? (
          <p className="text-sm text-slate-600">No tax has been deducted from your distributions yet.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {certificates.map((c) => (
              <li
                key={`${c.financialYear}-${c.quarter}`}
                className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 py-1"
              >
                <span>
                  Q{c.quarter} of FY {c.financialYear}-{String((c.financialYear + 1) % 100).padStart(2, "0")}: TDS {formatRupees(c.tds)}
                </span>
                <a
                  href={paths.dashboard.tdsCertificatePdf({ year: String(c.financialYear), quarter: String(c.quarter) })}
                  className={buttonClasses("secondary", "sm")}
                  download
                >
                  Certificate (PDF)
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="gains-heading" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="gains-heading" className="text-lg font-semibold">
          Sales in the year
        </h2>
        {figures.gains.length === 0 ? (
          <p className="text-sm text-slate-600">No shares sold in this year.</p>
        ) : (
          <TableScroll label="Sales in the year">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    Property
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Sale date
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Shares
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Sale price
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Transfer costs
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Cost incl. fees
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Gain or loss
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Term
                  </th>
                </tr>
              </thead>
              <tbody>
                {figures.gains.map((g, index) => (
                  <tr key={index} className="border-t border-slate-100">
                    <td className="py-1 pr-3">{g.propertyTitle}</td>
                    <td className="py-1 pr-3">{formatCalendarDate(g.saleDate)}</td>
                    <td className="py-1 pr-3">{g.shares}</td>
                    <td className="py-1 pr-3">{formatRupees(g.salePrice)}</td>
                    <td className="py-1 pr-3">{formatRupees(g.transferCosts)}</td>
                    <td className="py-1 pr-3">{formatRupees(g.costOfAcquisition)}</td>
                    <td className="py-1 pr-3">{formatRupees(g.gain)}</td>
                    <td className="py-1 pr-3">{g.term}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        <Pager
          search={location.search}
          page={figures.salesPage.page}
          pageCount={figures.salesPage.pageCount}
          label="Sales pages"
          param="sales"
        />
        <p className="text-xs text-slate-600">{figures.capitalGainsRule}</p>
        <p className="text-xs text-slate-600">{COST_METHOD}</p>
        <p className="text-xs text-slate-600">{NOT_TAX_ADVICE}</p>
      </section>

      <section aria-labelledby="distributions-received-heading" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="distributions-received-heading" className="text-lg font-semibold">
          Distributions received
        </h2>
        {figures.distributions.length === 0 ? (
          <p className="text-sm text-slate-600">No distributions received in this year.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {figures.distributions.map((d, index) => (
              <li key={index}>
                {d.propertyTitle}: {formatRupees(d.amount)}
                {d.shares === null ? null : ` for ${formatShares(d.shares)}`}
              </li>
            ))}
          </ul>
        )}
        <Pager
          search={location.search}
          page={figures.distributionsPage.page}
          pageCount={figures.distributionsPage.pageCount}
          label="Distribution pages"
          param="received"
        />
      </section>

      <HoldingsCertificateForm />

      <section aria-labelledby="your-data-heading" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="your-data-heading" className="text-lg font-semibold">
          Your data
        </h2>
        <p className="text-sm text-slate-600">
          Download everything Aangan holds about you — profile, KYC status and document list, transactions, holdings, distributions and the
          tax withheld from them, nominees, bank accounts, support requests, watchlist, plans and alerts — as one zip of JSON and CSV files.
        </p>
        <a href={paths.dashboard.dataExport()} className={buttonClasses("secondary", "sm")} download>
          Download my data (zip)
        </a>
      </section>
    </div>
  );
}
