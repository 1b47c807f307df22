import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { RESALE_FEE_TEXT } from "~/domain/market/resale-rules";
import { receiptPartyOf } from "~/domain/receipts/receipt-party.server";
import { placeOfSupply } from "~/domain/tax/gst";
import { regionByCode } from "~/lib/india-states";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { enforceRouteTableGuard } from "~/web/guards.server";
import { receiptIssuer } from "~/web/legal-entity.server";
import { TableScroll } from "~/components/ui/table-scroll";
import { premiumGstText, premiumPriceText } from "~/components/premium/premium-offer";
import { premiumOffer } from "~/web/premium.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await enforceRouteTableGuard(request, paths.legal.fees.pattern);
  const supplierState = placeOfSupply(receiptIssuer().gstin, null).supplierStateCode;
  const [investor, premium] = await Promise.all([user ? receiptPartyOf(getPrisma(), user.id) : null, premiumOffer(user)]);
  const own = investor?.stateCode ? placeOfSupply(receiptIssuer().gstin, investor.stateCode) : null;
  return {
    premium: premium.quote,
    companyState: regionByCode(supplierState)?.name ?? supplierState,
    yours: own ? { state: regionByCode(own.recipientStateCode)!.name, interState: own.interState } : null,
  };
}

const FEES: [charge: string, amount: string, when: string][] = [
  ["Premium", "", "Once per period, paid by UPI or net banking; your receipt shows the GST"],
  ["Platform fee", "2% of the value of shares bought, 18% GST included", "On every purchase, shown on the review step before you confirm"],
  ["Resale: buyer", RESALE_FEE_TEXT.buyer, "When you buy shares from another investor on the marketplace"],
  ["Resale: seller", RESALE_FEE_TEXT.seller, "When another investor buys the shares you listed"],
  ["Deposit processing fee", "₹10 per deposit", "When a deposit reaches your wallet"],
  ["Withdrawal", "Free", "—"],
  ["Asset management fee", "Set per property (typically 0.5% of value a year)", "Taken by the SPV from rent before it is paid out"],
  ["Performance fee", "Set per property (typically 10% of the gain)", "Only when the property is sold at a gain"],
];

export default function FeesPage() {
  const { companyState, yours, premium } = useLoaderData<typeof loader>();
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
                <td className="py-2 pr-4" data-testid={charge === "Premium" ? "fees-premium-price" : undefined}>
                  {charge === "Premium" ? premiumPriceText(premium) : amount}
                </td>
                <td className="py-2">{when}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <h2>GST on the platform fee</h2>
      <p>
        The 18% GST inside the platform fee is charged by where you live, the state or union territory on your KYC record. Aangan is
        registered for GST in {companyState}. If you live in {companyState}, the GST is CGST 9% + SGST 9%; if you live in any other state or
        union territory, it is IGST 18%. The total you pay is the same either way. Your receipts and yearly statement show the fee split
        into its taxable value and these heads.
      </p>
      {yours ? (
        <p data-testid="your-gst">
          Your state on record is {yours.state}: your platform fee carries {yours.interState ? "IGST 18%" : "CGST 9% + SGST 9%"}.
        </p>
      ) : null}
      <h2>Premium</h2>
      <p>
        Premium costs {premiumPriceText(premium)}: {premiumGstText(premium)}. The GST follows the same rule as the platform fee. A payment
        made while Premium runs adds its period after the current one; when a period ends without a new one, Premium ends.
      </p>
      <p>The receipt for a resale, bought or sold, shows its resale fee, which is ₹0.00 for either side.</p>
    </LegalPage>
  );
}
