import { Form } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { paths } from "~/lib/paths";

/** "If Aangan disappears" (ADR 0066): issues a new signed certificate and downloads it; works without JavaScript. */
export function HoldingsCertificateForm() {
  return (
    <section aria-labelledby="certificate-heading" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="certificate-heading" className="text-lg font-semibold">
        If Aangan disappears: your holdings certificate
      </h2>
      <p className="text-sm text-slate-700">
        A PDF of what you hold through each property&apos;s SPV and your wallet, with a verification code Aangan can confirm. Download a new
        one at any time.
      </p>
      <Form method="post" action={paths.dashboard.holdingsCertificate()} reloadDocument>
        <input type="hidden" name="intent" value="issue" />
        <button type="submit" className={buttonClasses("primary", "md")}>
          Download holdings certificate
        </button>
      </Form>
    </section>
  );
}
