import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { DomainError } from "~/domain/errors";
import { formatDateOnly } from "~/lib/nominee-dates";
import { MAX_NOMINEES, type NomineeInput } from "~/lib/nominee-form";
import { Decimal } from "~/lib/money";
import { runTransaction, type Db, type PrismaClient, type Tx } from "~/services/db.server";
import { enqueueMail } from "~/services/mail/mail-queue.server";

export type NominationView = {
  state: "none" | "opted_out" | "nominated";
  declaredAt: string | null;
  nominees: { id: string; fullName: string; relationship: string; dateOfBirth: string; sharePercent: string; contact: string | null }[];
};

/** The investor's own nomination; only ever read by the owner's id. */
export async function getNomination(db: Db, userId: string): Promise<NominationView> {
  const declaration = await db.nominationDeclaration.findUnique({
    where: { userId },
    include: { nominees: { orderBy: { position: "asc" } } },
  });
  if (!declaration) return { state: "none", declaredAt: null, nominees: [] };
  return {
    state: declaration.optedOut ? "opted_out" : "nominated",
    declaredAt: declaration.declaredAt.toISOString(),
    nominees: declaration.nominees.map((n) => ({
      id: n.id,
      fullName: n.fullName,
      relationship: n.relationship,
      dateOfBirth: formatDateOnly(n.dateOfBirth),
      sharePercent: n.sharePercent.toFixed(2),
      contact: n.contact,
    })),
  };
}

/**
 * Replaces the investor's nominees (the form always sends the whole list) or records an
 * explicit opt-out; the e-mail and the alert are written in the same transaction. The web
 * layer has already asked for a recent sign-in.
 */
export async function saveNomination(
  db: PrismaClient,
  input: { userId: string; email: string; choice: { optOut: true } | { optOut: false; nominees: NomineeInput[] } },
) {
  if (!input.choice.optOut) {
    const { nominees } = input.choice;
    if (nominees.length === 0 || nominees.length > MAX_NOMINEES) {
      throw new DomainError("nominee_count", `Name between 1 and ${MAX_NOMINEES} nominees.`, 400);
    }
    const total = nominees.reduce((sum, n) => sum.plus(n.sharePercent), new Decimal(0));
    if (!total.eq(100)) throw new DomainError("nominee_total", "The nominees' shares must add up to exactly 100%.", 400);
  }
  return runTransaction(db, "nominees.save", async (tx) => {
    const before = await tx.nominee.count({ where: { userId: input.userId } });
    await tx.nominee.deleteMany({ where: { userId: input.userId } });
    await tx.nominationDeclaration.upsert({
      where: { userId: input.userId },
      create: { userId: input.userId, optedOut: input.choice.optOut, declaredAt: new Date() },
      update: { optedOut: input.choice.optOut, declaredAt: new Date() },
    });
    if (!input.choice.optOut) {
      await tx.nominee.createMany({
        data: input.choice.nominees.map((n, i) => ({
          userId: input.userId,
          position: i + 1,
          fullName: n.fullName,
          relationship: n.relationship,
          dateOfBirth: new Date(`${n.dateOfBirth}T00:00:00Z`),
          sharePercent: n.sharePercent,
          contact: n.contact,
        })),
      });
    }
    const message = describeChange(input.choice, before);
    await notify(tx, input.userId, input.email, message);
    return { message };
  });
}

function describeChange(choice: { optOut: true } | { optOut: false; nominees: NomineeInput[] }, before: number): string {
  if (choice.optOut) return "You opted out of nomination. Your holdings will pass under the law of succession, not to a nominee.";
  const names = choice.nominees.map((n) => `${n.fullName} (${n.relationship}, ${n.sharePercent}%)`).join("; ");
  return `${before === 0 ? "Your nominees were recorded" : "Your nominees were changed"}: ${names}.`;
}

async function notify(tx: Tx, userId: string, email: string, message: string) {
  await createUserAlert(tx, { userId, alertType: "nominees", title: "Nominees updated", message });
  await enqueueMail(
    {
      to: email,
      subject: "Your Aangan nominees were updated",
      text: `${message}\n\nIf you did not make this change, contact Aangan support at once.`,
    },
    tx,
  );
}
