import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
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
    <LegalPage title="Contact and grievances" updated="23 November 2026">
      <h2>The company</h2>
      <address className="not-italic">
        <span className="block font-semibold">{contact.name}</span>
        <span className="block">{contact.address}</span>
        <span className="block">CIN: {contact.cin}</span>
        <span className="block">GSTIN: {contact.gstin}</span>
        <span className="block">Phone: {contact.phone} (10 am to 6 pm IST, Monday to Friday)</span>
      </address>
      <h2>Grievance officer</h2>
      <p>
        {contact.grievanceOfficer}, <a href={`mailto:${contact.grievanceEmail}`}>{contact.grievanceEmail}</a>
      </p>
      <p>
        We acknowledge a complaint within 48 hours and resolve it within 30 days. Signed-in investors can also raise a support ticket from
        their dashboard. Quote your receipt number when a complaint is about a transaction.
      </p>
    </LegalPage>
  );
}
