import { currentBankAccount, type BankAccountView } from "~/domain/payouts/bank-accounts.server";
import type { Db } from "~/services/db.server";
import { type KycStatus } from "~/lib/enums";

export type KycQueueEntry = {
  userId: string;
  email: string;
  fullName: string | null;
  phone: string | null;
  kycStatus: Extract<KycStatus, "pending" | "under_review">;
  kycSubmittedAt: Date | null;
  createdAt: Date;
};

/**
 * Submissions waiting for an admin (pending or under review), newest submission first,
 * optionally narrowed to a name or e-mail containing `search`. Pending profiles that never
 * submitted anything are left out: there is nothing to review.
 */
export async function listKycQueue(db: Db, options: { search?: string; limit?: number } = {}): Promise<KycQueueEntry[]> {
  const search = options.search?.trim();
  const rows = await db.userProfile.findMany({
    where: {
      kycStatus: { in: ["pending", "under_review"] },
      kycDocuments: { some: { verificationStatus: "pending" } },
      ...(search
        ? { OR: [{ fullName: { contains: search, mode: "insensitive" } }, { email: { contains: search, mode: "insensitive" } }] }
        : {}),
    },
    orderBy: [{ kycSubmittedAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
    take: options.limit ?? 100,
    select: { id: true, email: true, fullName: true, phone: true, kycStatus: true, kycSubmittedAt: true, createdAt: true },
  });
  return rows.map(({ id, kycStatus, ...rest }) => ({ userId: id, kycStatus: kycStatus as KycQueueEntry["kycStatus"], ...rest }));
}

export type KycReviewDocument = {
  id: string;
  documentType: string;
  fileName: string;
  mimeType: string;
  verificationStatus: string;
  adminNotes: string | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
};

export type KycReviewDetails = {
  user: KycQueueEntry & {
    dateOfBirth: Date | null;
    address: string | null;
    city: string | null;
    state: string | null;
    postalCode: string | null;
    country: string | null;
  };
  documents: KycReviewDocument[];
  /** The bank account's penny drop, when the payout provider checked it (ADR 0064). */
  bankAccount: BankAccountView | null;
};

/** What the 'Review Documents' dialog shows: the user's details and their documents, newest first. */
export async function getKycReview(db: Db, userId: string): Promise<KycReviewDetails | null> {
  const user = await db.userProfile.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      fullName: true,
      phone: true,
      kycStatus: true,
      kycSubmittedAt: true,
      createdAt: true,
      dateOfBirth: true,
      address: true,
      city: true,
      state: true,
      postalCode: true,
      country: true,
    },
  });
  if (!user || (user.kycStatus !== "pending" && user.kycStatus !== "under_review")) return null;
  const documents = await db.kycDocument.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      documentType: true,
      fileName: true,
      mimeType: true,
      verificationStatus: true,
      adminNotes: true,
      metadata: true,
      createdAt: true,
    },
  });
  const { id, kycStatus, ...rest } = user;
  return {
    user: { userId: id, kycStatus, ...rest },
    documents: documents.map((doc) => ({ ...doc, metadata: (doc.metadata ?? {}) as Record<string, unknown> })),
    bankAccount: await currentBankAccount(db, userId),
  };
}

/** Counts for the admin overview card: submissions pending or under review. */
export function countKycQueue(db: Db): Promise<number> {
  return db.userProfile.count({
    where: { kycStatus: { in: ["pending", "under_review"] }, kycDocuments: { some: { verificationStatus: "pending" } } },
  });
}
