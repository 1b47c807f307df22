import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { HoldingsCertificateForm } from "~/components/dashboard/holdings-certificate-form";
import { issueHoldingsCertificate } from "~/domain/certificates/holdings-certificate.server";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { certificateSecret } from "~/web/certificates.server";
import { readFormData } from "~/web/form-data.server";
import { requireRecordsReader } from "~/web/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRecordsReader(request);
  return null;
}

// Issuing writes the certificate (its code is stored), so it is a POST; the PDF is then a plain GET of it.
// Like the statements, it is open to anyone who ever held shares (requireRecordsReader, ADR 0075):
// "downloadable at any time" includes after the last holding was sold (it then attests the wallet).
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRecordsReader(request);
  if ((await readFormData(request)).get("intent") !== "issue") return data("Unknown request", { status: 400 });
  const issued = await issueHoldingsCertificate(getPrisma(), user.id, certificateSecret());
  return redirect(paths.dashboard.holdingsCertificatePdf(issued.id), 303);
}

export default function HoldingsCertificatePage() {
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Holdings certificate</h1>
      <HoldingsCertificateForm />
    </div>
  );
}
