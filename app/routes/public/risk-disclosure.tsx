import type { LoaderFunctionArgs } from "@remix-run/node";
import { LegalPage } from "~/components/legal/legal-page";
import { paths } from "~/lib/paths";
import { enforceRouteTableGuard } from "~/web/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await enforceRouteTableGuard(request, paths.legal.risk.pattern);
  return null;
}

export default function RiskDisclosurePage() {
  return (
    <LegalPage title="Risk disclosure" updated="23 November 2026">
      <p className="rounded-lg bg-amber-50 p-4 font-medium text-amber-900">
        Investments in property can lose value. You may get back less than you put in, or nothing at all.
      </p>
      <h2>Returns are not guaranteed</h2>
      <p>
        Expected rental yield and appreciation are estimates based on today&apos;s lease and market. Tenants can leave or stop paying, rents
        can fall, and vacancies, repairs and taxes reduce what is paid out.
      </p>
      <h2>Resale is not guaranteed</h2>
      <p>
        Shares are not listed on a stock exchange. You can sell only if another investor wants to buy, at a price they accept. You may have
        to wait until the property itself is sold, which can take years.
      </p>
      <h2>Regulatory status</h2>
      <p>
        Aangan is not a SEBI-registered Small and Medium REIT (SM REIT) or investment manager, and the SPVs are not REITs. The protections
        that SEBI&apos;s REIT regulations give unit holders do not apply to these investments.
      </p>
      <h2>Concentration</h2>
      <p>Each SPV owns one property. Spread what you invest across properties and invest only money you will not need for several years.</p>
      <h2>Platform risk</h2>
      <p>
        If Aangan stops operating, the SPVs and their properties continue to exist and remain owned by their shareholders, but servicing and
        resale could be delayed.
      </p>
    </LegalPage>
  );
}
