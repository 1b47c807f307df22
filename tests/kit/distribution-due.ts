import { declareDistribution } from "../../app/domain/distributions/distributions.server";
import { purchaseShares } from "../../app/domain/investing/purchase-shares.server";
import type { PrismaClient } from "../../app/services/db.server";
import { getSessionUser, type SessionUser } from "../../app/services/session.server";
import { createInvestor, createProperty, createSession, createUser, newIdempotencyKey } from "#tests/setup/factories";

const DAY = 24 * 60 * 60 * 1000;
const istDate = (moment: Date) => new Date(moment.getTime() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * An investor who bought 10 shares (at ₹100) three days ago, and a distribution of `amount` in
 * all declared on the property, recorded yesterday, payable today and not yet paid: what the
 * snapshot tests pay while a page is being read.
 */
export async function holderAwaitingADistribution(
  prisma: PrismaClient,
  { title, amount }: { title: string; amount: string },
): Promise<{ user: SessionUser; propertyId: string; distributionId: string }> {
  const property = await createProperty(prisma, { title, sharePrice: "100", minimumInvestment: "100" });
  const investor = await createInvestor(prisma, { balance: "5000" });
  await purchaseShares(prisma, { userId: investor.id, propertyId: property.id, shares: 10, idempotencyKey: newIdempotencyKey() });
  await prisma.transaction.updateMany({ where: { propertyId: property.id }, data: { createdAt: new Date(Date.now() - 3 * DAY) } });
  const admin = await createUser(prisma, { isAdmin: true });
  const { distributionId } = await declareDistribution(prisma, {
    adminId: admin.id,
    propertyId: property.id,
    basis: "total",
    amount,
    recordDate: istDate(new Date(Date.now() - DAY)),
    paymentDate: istDate(new Date()),
    note: "",
  });
  const cookie = await createSession(prisma, investor.id);
  const user = (await getSessionUser(new Request("http://localhost/", { headers: { Cookie: cookie } })))!;
  return { user, propertyId: property.id, distributionId };
}
