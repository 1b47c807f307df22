import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { controlClasses, labelClasses } from "~/components/ui/field-styles";
import { normaliseCode, verifyHoldingsCertificate } from "~/domain/certificates/holdings-certificate.server";
import { formatIndiaDateTime } from "~/lib/formats";
import { formatINR } from "~/lib/money";
import { getPrisma } from "~/services/db.server";
import { certificateSecret } from "~/web/certificates.server";
import { readFormData } from "~/web/form-data.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

// A POST so the code typed never lands in a URL or a log line; checking writes nothing.
export async function action({ request }: ActionFunctionArgs) {
  await requireAdminAction(request);
  const form = await readFormData(request);
  if (form.get("intent") !== "verify") return data({ code: "", result: null, error: "Unknown request" }, { status: 400 });
  const code = String(form.get("code") ?? "").slice(0, 64);
  if (!normaliseCode(code)) {
    return data(
      { code, result: null, error: "Enter the code as printed: 20 letters and digits, e.g. 1A2B-3C4D-5E6F-7A8B-9C0D." },
      { status: 400 },
    );
  }
  return { code, result: await verifyHoldingsCertificate(getPrisma(), code, certificateSecret()), error: null };
}

export default function AdminCertificatesPage() {
  const reply = useActionData<typeof action>();
  const result = reply?.result;
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">Holdings certificates</h1>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="verify" />
        <div>
          <label htmlFor="code" className={labelClasses}>
            Verification code
          </label>
          <input id="code" name="code" defaultValue={reply?.code ?? ""} required autoComplete="off" className={controlClasses} />
        </div>
        <button type="submit" className={buttonClasses("primary", "md")}>
          Check
        </button>
      </Form>
      {reply?.error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {reply.error}
        </p>
      ) : null}
      {result && !result.genuine ? (
        <p role="status" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
          Not genuine: Aangan issued no certificate with this code.
        </p>
      ) : null}
      {result && result.genuine ? (
        <section role="status" className="space-y-2 rounded-xl border border-green-200 bg-green-50 p-4 text-sm">
          <p className="font-semibold text-green-900">Genuine: issued by Aangan on {formatIndiaDateTime(result.content.issuedAt)} IST.</p>
          <p>
            {result.content.investor.name} &lt;{result.content.investor.email}&gt;
          </p>
          <ul className="space-y-1">
            {result.content.holdings.map((h) => (
              <li key={h.propertyId}>
                <span className="font-semibold">{h.property}</span> ({h.spvName}): {h.shares} shares, average cost{" "}
                {formatINR(h.averageCost, { paise: true })}
                {h.value ? `, valued at ${formatINR(h.value, { paise: true })} (${h.priceBasis ?? "valuation rule"})` : ""}
              </li>
            ))}
          </ul>
          <p>
            Wallet: {formatINR(result.content.wallet.available, { paise: true })} available,{" "}
            {formatINR(result.content.wallet.held, { paise: true })} held
          </p>
        </section>
      ) : null}
    </div>
  );
}
