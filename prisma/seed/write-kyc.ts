import path from "node:path";
import type { KycDocumentType } from "~/generated/prisma/enums";
import { fileSizeIfExists, privateUploadsDir, writeFileAtomically } from "~/services/storage/local-disk.server";
import { documentSvg } from "./artwork";
import { demoId } from "./ids";
import { PERSONAS, userId } from "./personas";
import type { SeedContext } from "./context";
import { renderWebp } from "./write-images";

export type KycFile = { type: KycDocumentType; fileName: string; storageKey: string; size: number };

const SUBMISSION: Array<{ type: KycDocumentType; fileName: string; kind: "card" | "selfie" }> = [
  { type: "pan_card", fileName: "pan-card.webp", kind: "card" },
  { type: "aadhaar_front", fileName: "aadhaar-front.webp", kind: "card" },
  { type: "aadhaar_back", fileName: "aadhaar-back.webp", kind: "card" },
  { type: "selfie", fileName: "selfie.webp", kind: "selfie" },
];

/** The step-3 answers of the KYC wizard, as submitKyc keeps them: on the PAN card row, the account number masked to its last 4 digits. */
const BANK_DETAILS = {
  account_number: "XXXXXXXXXX7812",
  ifsc_code: "NDMB0001234",
  bank_name: "Neelgiri Demo Bank",
  account_type: "savings",
};

/**
 * The pending reviewer's uploads, written under uploads/private (never served at /media).
 * storage_key is relative to uploads/private, as the storage service resolves it.
 */
export async function writeKycFiles(dataDir: string): Promise<KycFile[]> {
  const owner = userId(PERSONAS.kycPending.email);
  return Promise.all(
    SUBMISSION.map(async ({ type, fileName, kind }) => {
      const storageKey = `kyc/${owner}/${fileName}`;
      const file = path.join(privateUploadsDir(dataDir), storageKey);
      let size = fileSizeIfExists(file);
      if (size === null) {
        const data = await renderWebp(documentSvg(`${owner}:${type}`, kind), 60);
        writeFileAtomically(file, data);
        size = data.length;
      }
      return { type, fileName, storageKey, size };
    }),
  );
}

export async function writeKycDocuments({ tx, clock }: SeedContext, files: KycFile[]): Promise<void> {
  const owner = userId(PERSONAS.kycPending.email);
  await tx.kycDocument.createMany({
    skipDuplicates: true,
    data: files.map((file, index) => ({
      id: demoId(`kyc:${owner}:${file.type}`),
      userId: owner,
      submissionId: demoId(`kyc-submission:${owner}`),
      documentType: file.type,
      fileName: file.fileName,
      storageKey: file.storageKey,
      mimeType: "image/webp",
      fileSize: file.size,
      verificationStatus: "pending" as const,
      metadata: file.type === "pan_card" ? { ...BANK_DETAILS, pan_number: "AQRPF4821K" } : {},
      createdAt: new Date(clock.daysAgo(1).getTime() + index * 60_000),
    })),
  });
}
