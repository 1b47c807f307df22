import type { Db } from "~/services/db.server";
import { getNomination } from "./nominees.server";

/** What the admin user page shows of a nomination and any transmission (admins only). */
export async function getAdminNomination(db: Db, userId: string) {
  const [nomination, transmission, profile] = await Promise.all([
    getNomination(db, userId),
    db.transmission.findFirst({
      where: { deceasedId: userId, status: { in: ["awaiting", "completed"] } },
      select: { status: true, deathCertificateReference: true, createdAt: true, completedAt: true },
    }),
    db.userProfile.findUnique({ where: { id: userId }, select: { frozenAt: true } }),
  ]);
  return {
    nomination,
    transmission: transmission
      ? { ...transmission, createdAt: transmission.createdAt.toISOString(), completedAt: transmission.completedAt?.toISOString() ?? null }
      : null,
    frozenAt: profile?.frozenAt?.toISOString() ?? null,
  };
}
