import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { SEBI_SCORES_URL, SMART_ODR_URL } from "~/lib/grievance-routes";
import { paths } from "~/lib/paths";
import { enforceRouteTableGuard } from "~/web/guards.server";
import { contactDetails } from "~/web/legal-entity.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await enforceRouteTableGuard(request, paths.legal.contact.pattern);
  return contactDetails();
}

export default function ContactPage() {
  const contact = useLoaderData<typeof loader>();
  return (
    <LegalPage title="Contact and grievances" updated="26 November 2026">
      <h2>The company</h2>
      <address className="not-italic">
        <span className="block font-semibold">{contact.name}</span>
        <span className="block">{contact.address}</span>
        <span className="block">CIN: {contact.cin}</span>
        <span className="block">GSTIN: {contact.gstin}</span>
        <span className="block">Phone: {contact.phone} (10 am to 6 pm IST, Monday to Friday)</span>
      </address>
      <h2>Grievance Officer</h2>
      <p>
        {contact.grievanceOfficer}, <a href={`mailto:${contact.grievanceEmail}`}>{contact.grievanceEmail}</a>, {contact.grievancePhone}
      </p>
      <p>
        We acknowledge a complaint within 24 hours and resolve it within 15 days (Information Technology Rules 2021, rule 3(2)). Signed-in
        investors raise a complaint from their dashboard and see both clocks on it; a missed clock is escalated to a second person at once.
        Quote your receipt number when a complaint is about a transaction.
      </p>
      <h2>If we do not resolve it</h2>
      <p>
        You can complain to SEBI through <a href={SEBI_SCORES_URL}>SCORES</a> ({SEBI_SCORES_URL}), where a complaint must be settled within
        21 days and is escalated automatically. If you are still not satisfied, you can seek online conciliation and arbitration on{" "}
        <a href={SMART_ODR_URL}>SMART ODR</a> ({SMART_ODR_URL}).
      </p>
      <p>
        For your personal data (a correction, an erasure, a representative), see the{" "}
        <Link to={paths.legal.privacyNotice()}>privacy notice</Link>.
      </p>
    </LegalPage>
  );
}
