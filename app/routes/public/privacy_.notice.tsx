import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { paths } from "~/lib/paths";
import { DATA_CATEGORIES } from "~/lib/privacy/data-inventory";
import { enforceRouteTableGuard } from "~/web/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await enforceRouteTableGuard(request, paths.legal.privacyNotice.pattern);
  return null;
}

/** The standalone notice the DPDP Rules ask for: each kind of data, its purpose, how long, and the rights over it. */
export default function PrivacyNoticePage() {
  return (
    <LegalPage title="Privacy notice" updated="26 November 2026">
      <p>
        This notice lists each kind of personal data Aangan holds about you, why, and for how long (Digital Personal Data Protection Act
        2023).
      </p>
      {DATA_CATEGORIES.map((category) => (
        <section key={category.id}>
          <h2>{category.name}</h2>
          <p>
            <strong>What:</strong> {category.what}.
          </p>
          <p>
            <strong>Why:</strong> {category.purpose}.
          </p>
          <p>
            <strong>How long:</strong> {category.retention}.
          </p>
          <p>
            <strong>Erasure on request:</strong> {category.keptBecause ? `no. ${category.keptBecause}` : "yes, at once."}
          </p>
        </section>
      ))}
      <h2>Your rights</h2>
      <p>
        Signed in, on <Link to={paths.dashboard.dataRights()}>your data</Link> you can download a copy of everything we hold, ask for a
        correction, ask for erasure, and name one person who may exercise these rights for you. Each request is acknowledged within 24 hours
        and settled within 15 days. Withdrawing consent is as easy as giving it: ask on the same page or write to the Grievance Officer
        named on <Link to={paths.legal.contact()}>Contact and grievances</Link>. If we do not settle a complaint about your data, you may
        complain to the Data Protection Board of India.
      </p>
    </LegalPage>
  );
}
