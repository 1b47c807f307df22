import type { LoaderFunctionArgs } from "@remix-run/node";
import { LegalPage } from "~/components/legal/legal-page";
import { paths } from "~/lib/paths";
import { enforceRouteTableGuard } from "~/web/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await enforceRouteTableGuard(request, paths.legal.privacy.pattern);
  return null;
}

export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy" updated="25 November 2026">
      <p>
        We collect only what Indian law requires of an investment platform and what we need to run your account. We do not sell your data.
      </p>
      <h2>What we collect and why</h2>
      <ul>
        <li>Your name and e-mail from Google sign-in: to identify you and write to you about your account.</li>
        <li>
          For KYC: your PAN, date of birth, address, an identity document and a photograph. The Prevention of Money Laundering Act, 2002 and
          its rules require us to verify every investor before accepting their money.
        </li>
        <li>Your bank details for withdrawals: so money leaves only for an account in your name.</li>
        <li>Your transactions and holdings: to keep your wallet, portfolio and receipts correct.</li>
        <li>Pages you visit, without third-party trackers: to find and fix what confuses investors.</li>
      </ul>
      <h2>Who sees it</h2>
      <p>
        KYC documents are stored privately and opened only by you and the reviewer who checks them. We share data only with the SPVs you
        invest in (for their shareholder register), our bank, and authorities that lawfully ask for it.
      </p>
      <p>
        Notes you write on your watchlist are not private: Aangan staff may read them, and analyse them property by property, to learn what
        investors think of a property. Please do not put personal details in them.
      </p>
      <h2>How long we keep it</h2>
      <p>
        KYC records and transaction records are kept for five years after your account closes, as the PMLA rules require. Other data is
        deleted within 90 days of closing your account.
      </p>
      <h2>Your rights</h2>
      <p>
        Under the Digital Personal Data Protection Act, 2023 you may ask to see, correct or erase your data, and withdraw consent, by
        writing to our grievance officer. Records the law makes us keep are erased when that duty ends.
      </p>
    </LegalPage>
  );
}
