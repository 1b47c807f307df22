import type { Db } from "~/services/db.server";

export type PlansOverview = {
  plans: { status: string; count: number }[];
  runs: { status: string; count: number }[];
  failuresByReason: { reason: string; count: number }[];
  reinvestments: { status: string; count: number }[];
  mandates: { status: string; count: number }[];
  recentFailures: { runId: string; planId: string; userEmail: string; period: string; status: string; reason: string | null }[];
};

/** What admins see of monthly plans: plans by status, runs by outcome, failures by reason, the latest failures. */
export async function getPlansOverview(db: Db): Promise<PlansOverview> {
  const [plans, runs, reasons, reinvestments, recent, mandates] = await Promise.all([
    db.investmentPlan.groupBy({ by: ["status"], _count: { _all: true }, orderBy: { status: "asc" } }),
    db.investmentPlanRun.groupBy({ by: ["status"], _count: { _all: true }, orderBy: { status: "asc" } }),
    db.investmentPlanRun.groupBy({
      by: ["reason"],
      where: { status: { in: ["failed", "partial"] }, reason: { not: null } },
      _count: { _all: true },
      orderBy: { reason: "asc" },
    }),
    db.reinvestment.groupBy({ by: ["status"], _count: { _all: true }, orderBy: { status: "asc" } }),
    db.investmentPlanRun.findMany({
      where: { status: { in: ["failed", "partial"] } },
      orderBy: { createdAt: "desc" },
      take: 20,
      select: { id: true, planId: true, period: true, status: true, reason: true, plan: { select: { user: { select: { email: true } } } } },
    }),
    db.planMandate.groupBy({ by: ["status"], _count: { _all: true }, orderBy: { status: "asc" } }),
  ]);
  return {
    plans: plans.map((p) => ({ status: p.status, count: p._count._all })),
    runs: runs.map((r) => ({ status: r.status, count: r._count._all })),
    failuresByReason: reasons.map((r) => ({ reason: r.reason ?? "", count: r._count._all })),
    reinvestments: reinvestments.map((r) => ({ status: r.status, count: r._count._all })),
    mandates: mandates.map((m) => ({ status: m.status, count: m._count._all })),
    recentFailures: recent.map((r) => ({
      runId: r.id,
      planId: r.planId,
      userEmail: r.plan.user.email,
      period: r.period,
      status: r.status,
      reason: r.reason,
    })),
  };
}
