import { approveExitStepIn } from "~/domain/approvals/four-eyes.server";
import { proposeExitIn, requestExitCompletionIn } from "~/domain/exits/exits.server";
import type { SeedContext } from "./context";
import { PERSONAS, userId } from "./personas";

/** The demo's sold property: closed to investment already, so the catalogue's filters and counts stay as they were. */
export const SOLD_PROPERTY_ID = "indiranagar-residences";

/**
 * Indiranagar Residences, sold through the real flow: the admin proposes the sale, the
 * second admin approves it (trading stops), the admin asks for the pay-out and the second
 * admin approves that too, paying every holder in one journal. Back-dated on the clock; the
 * buyer is invented. ₹3,24,00,000 less ₹6,48,000 costs over 2,000 shares is ₹15,876 a share,
 * above the ₹14,000 issue price, so every holder closes with a capital gain; the 180 shares
 * the raise never sold leave their part in the property's account as the remainder.
 */
export async function writeExit({ tx, clock }: SeedContext): Promise<void> {
  const done = await tx.propertyExit.findFirst({ where: { propertyId: SOLD_PROPERTY_ID }, select: { id: true } });
  if (done) return;
  const admin = userId(PERSONAS.admin.email);
  const second = userId(PERSONAS.opsAdmin.email);
  const completedOn = clock.daysAgo(9);
  const proposed = await proposeExitIn(
    tx,
    {
      adminId: admin,
      propertyId: SOLD_PROPERTY_ID,
      buyerName: "Kaveri Lane Residential Fund LLP",
      salePrice: "32400000",
      costs: "648000",
      expectedCompletionDate: completedOn.toISOString().slice(0, 10),
      note: "Sale of all eight apartments with their tenancies; costs are brokerage, legal fees and stamp duty borne by the seller.",
    },
    clock.daysAgo(45),
  );
  await approveExitStepIn(tx, { approvalId: proposed.approvalId, adminId: second }, clock.daysAgo(44));
  const { approvalId } = await requestExitCompletionIn(tx, { adminId: admin, exitId: proposed.exitId });
  const completed = await approveExitStepIn(tx, { approvalId, adminId: second }, completedOn);
  if (!("paid" in completed) || completed.perShare !== "15876.0000") {
    throw new Error(`the demo sale paid ${JSON.stringify(completed)}, not ₹15,876 a share`);
  }
}
