import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { issueHoldingsCertificate } from "~/domain/certificates/holdings-certificate.server";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { certificateSecret } from "~/web/certificates.server";
import { requireDashboardUser } from "~/web/guards.server";

// Issuing writes the certificate (its code is stored), so it is a POST; the PDF is then a plain GET of it.
export async function loader() {
  return redirect(paths.dashboard.nominees());
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDashboardUser(request);
  const issued = await issueHoldingsCertificate(getPrisma(), user.id, certificateSecret());
  const row = await getPrisma().holdingsCertificate.findUniqueOrThrow({ where: { code: issued.code }, select: { id: true } });
  return redirect(paths.dashboard.holdingsCertificatePdf(row.id), 303);
}
