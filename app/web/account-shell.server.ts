import type { AccountShellData } from "~/components/dashboard/account-shell";
import { dashboardEntryRedirect, trialGuardRedirect, waitlistDashboardRedirect } from "~/domain/access/access-rules";
import { hasPositionHistory } from "~/domain/access/position-history.server";
import { listInvestedPropertiesPage } from "~/domain/portfolio/invested-properties.server";
import { getPrisma } from "~/services/db.server";
import { getFeatureFlags } from "~/services/env.server";
import { mayUseDashboard, type SessionUser } from "~/web/guards.server";

/**
 * The frame of a page every signed-in user may open (ADR 0082): the investor dashboard's for
 * whoever its layout admits (requireRecordsReader's rule), the waitlist dashboard's for a
 * waitlist player within the trial guard, else a plain page.
 */
export async function loadAccountShell(user: SessionUser): Promise<AccountShellData> {
  const prisma = getPrisma();
  const readsRecords = mayUseDashboard(user) || (dashboardEntryRedirect(user) !== null && (await hasPositionHistory(prisma, user.id)));
  if (readsRecords) {
    const { properties, total } = await listInvestedPropertiesPage(prisma, user.id);
    return { kind: "dashboard", properties, propertyCount: total };
  }
  if (!waitlistDashboardRedirect(user) && !trialGuardRedirect(user, getFeatureFlags())) return { kind: "waitlist" };
  return { kind: "plain" };
}
