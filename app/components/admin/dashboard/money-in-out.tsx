import type { MoneyInOut, MoneyInOutDay } from "~/domain/admin/dashboard/money-in-out.server";
import { TableScroll } from "~/components/ui/table-scroll";
import { formatCalendarDate, formatRupees } from "~/lib/formats";
import { Decimal } from "~/lib/money";

const COLUMNS: { key: keyof Omit<MoneyInOutDay, "day">; label: string }[] = [
  { key: "inBankTransfer", label: "In: bank transfer" },
  { key: "inGateway", label: "In: UPI / net banking" },
  { key: "moneyIn", label: "Money in" },
  { key: "outByHand", label: "Out: paid by hand" },
  { key: "outPayout", label: "Out: payouts" },
  { key: "returned", label: "Returned by the bank" },
  { key: "moneyOut", label: "Money out" },
  { key: "net", label: "Net" },
];

// The day stays in view while a phone scrolls the figures sideways.
const DAY_CELL = "sticky left-0 bg-white px-3 py-2 text-left whitespace-nowrap";

/** A signed net with a real minus sign; the other figures are never negative. */
function netText(value: string) {
  const amount = new Decimal(value);
  return amount.isNegative() ? `−${formatRupees(amount.abs())}` : formatRupees(amount);
}

const cellText = (key: (typeof COLUMNS)[number]["key"], value: string) => (key === "net" ? netText(value) : formatRupees(value));

/** Deposits credited and withdrawals paid per India day, from the ledger (issue 27). */
export function MoneyInOutSection({ figures }: { figures: MoneyInOut }) {
  return (
    <section aria-labelledby="money-in-out-heading">
      <h2 id="money-in-out-heading" className="text-lg font-semibold">
        Money in and out
      </h2>
      <p className="text-xs text-slate-600">
        {`The last ${figures.days.length} days, India time, from the ledger.`} Money in is deposits credited to wallets before the
        processing fee; money out is withdrawals paid, less payouts the bank returned.
      </p>
      {!figures.moved ? (
        <p className="mt-2 text-sm text-slate-600">{`No money moved in or out in the last ${figures.days.length} days.`}</p>
      ) : (
        <TableScroll label="Money in and out per day" className="mt-2 rounded-xl border border-slate-200 bg-white">
          <table className="min-w-full text-right text-sm" data-testid="money-in-out">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className={`${DAY_CELL} font-medium`}>
                  Day
                </th>
                {COLUMNS.map((column) => (
                  <th key={column.key} scope="col" className="px-3 py-2 font-medium">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {figures.days.map((day) => (
                <tr key={day.day} data-day={day.day}>
                  <th scope="row" className={`${DAY_CELL} font-normal`}>
                    {formatCalendarDate(day.day)}
                  </th>
                  {COLUMNS.map((column) => (
                    <td key={column.key} className="px-3 py-2 whitespace-nowrap" data-figure={column.key}>
                      {cellText(column.key, day[column.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-slate-300 font-semibold">
              <tr>
                <th scope="row" className={DAY_CELL}>
                  Total
                </th>
                {COLUMNS.map((column) => (
                  <td key={column.key} className="px-3 py-2 whitespace-nowrap">
                    {cellText(column.key, figures.totals[column.key])}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
