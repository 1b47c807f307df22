import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { paths } from "~/lib/paths";
import { enforceRouteTableGuard } from "~/web/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await enforceRouteTableGuard(request, paths.legal.terms.pattern);
  return null;
}

export default function TermsPage() {
  return (
    <LegalPage title="Terms of use" updated="23 November 2026">
      <p>
        These terms govern your use of Aangan, a platform through which you can buy shares of special purpose vehicles (SPVs) that each own
        one income-generating property in India. By signing in you accept them.
      </p>
      <h2>Who may invest</h2>
      <ul>
        <li>You must be an Indian resident aged 18 or over with a valid PAN.</li>
        <li>You may browse before verification, but you can invest only after your KYC is approved.</li>
        <li>You invest your own money, from a bank account in your own name.</li>
      </ul>
      <h2>What you buy</h2>
      <p>
        Each share is a share of the SPV that holds the property, not a direct title to the building. The SPV&apos;s rental income, after
        its costs and fees, is distributed to shareholders in proportion to their shares. Every purchase is final once you confirm it on the
        review step.
      </p>
      <h2>Your wallet</h2>
      <p>
        Money you add is held in an escrow account in your name&apos;s favour until you invest or withdraw it. It earns no interest.
        Withdrawals go only to your verified bank account.
      </p>
      <h2>Risks and fees</h2>
      <p>
        Read the <Link to={paths.legal.risk()}>risk disclosure</Link> before investing. Every charge is listed on the{" "}
        <Link to={paths.legal.fees()}>fees</Link> page and on each property.
      </p>
      <h2>Complaints</h2>
      <p>
        Write to our grievance officer; the <Link to={paths.legal.contact()}>contact page</Link> says how and how quickly we answer.
      </p>
    </LegalPage>
  );
}
