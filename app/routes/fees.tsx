import type { LoaderFunctionArgs } from "@remix-run/node";
import { LegalPage } from "~/components/legal/legal-page";
import { paths } from "~/lib/paths";
import { enforceRouteTableGuard } from "~/web/guards.server";
import { TableScroll } from "~/components/ui/table-scroll";

export async function loader({ request }: LoaderFunctionArgs) {
  await enforceRouteTableGuard(request, paths.legal.fees.pattern);
  return null;
}

const FEES: [charge: string, amount: string, when: string][] = [
  ["Platform fee", "2% of the value of shares bought, 18% GST included", "On every purchase, shown on the review step before you confirm"],
  ["Deposit processing fee", "₹10 per deposit", "When a deposit reaches your wallet"],
  ["Withdrawal", "Free", "—"],
  ["Asset management fee", "Set per property (typically 0.5% of value a year)", "Taken by the SPV from rent before it is paid out"],
  ["Performance fee", "Set per property (typically 10% of the gain)", "Only when the property is sold at a gain"],
];

export default function FeesPage() {
  return (
    <LegalPage title="Fees" updated="23 November 2026">
      <p>Every charge, when it is taken, and nothing else. Each property&apos;s page lists the fees that apply to it.</p>
      <TableScroll label="Fees">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">Fees</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-4">
                Charge
              </th>
              <th scope="col" className="py-2 pr-4">
                Amount
              </th>
              <th scope="col" className="py-2">
                When
              </th>
            </tr>
          </thead>
          <tbody>
            {FEES.map(([charge, amount, when]) => (
              <tr key={charge} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {charge}
                </th>
                <td className="py-2 pr-4">{amount}</td>
                <td className="py-2">{when}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p>Your receipt for each purchase shows the platform fee split into its taxable value, CGST and SGST.</p>
    </LegalPage>
  );
}
