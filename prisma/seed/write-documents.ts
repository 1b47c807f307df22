import path from "node:path";
import PDFDocument from "pdfkit";
import type { PropertyDocumentType } from "~/generated/prisma/enums";
import { fileSizeIfExists, privateUploadsDir, writeFileAtomically } from "~/services/storage/local-disk.server";
import type { SeedContext } from "./context";
import { demoId } from "./ids";
import { PERSONAS, userId } from "./personas";
import { PROPERTIES } from "./properties";

/** Properties that carry the demo documents: the spec's sample and two more open ones. */
const WITH_DOCUMENTS = ["dummy-1", "whitefield-tech-suites", "baner-greens-villas"];

type DemoDocument = { slug: string; type: PropertyDocumentType; name: string; description: string; isPublic: boolean; lines: string[] };

function documentsFor(title: string, city: string): DemoDocument[] {
  return [
    {
      slug: "title-report",
      type: "legal_certificate",
      name: "Title Report",
      description: "Independent legal opinion on clear and marketable title.",
      isPublic: true,
      lines: [
        `Property: ${title}, ${city}`,
        "Searches: sub-registrar records for 30 years, revenue records and encumbrance certificate.",
        "Finding: title is clear and marketable; no subsisting charge, lien or litigation was found.",
        "This is demo data generated for the Aangan demonstration.",
      ],
    },
    {
      slug: "valuation-report",
      type: "other",
      name: "Valuation Report",
      description: "Market value assessed by a registered valuer.",
      isPublic: true,
      lines: [
        `Property: ${title}, ${city}`,
        "Method: comparable sales cross-checked with income capitalisation.",
        "Conclusion: the listed total value is within the range of fair market value.",
        "This is demo data generated for the Aangan demonstration.",
      ],
    },
    {
      slug: "lease-summary",
      type: "lease_summary",
      name: "Lease Summary",
      description: "Key terms of the current tenancy, for holders.",
      isPublic: false,
      lines: [
        `Property: ${title}, ${city}`,
        "Term: 9 years with a 3-year lock-in; escalation 5% every year.",
        "Security deposit: six months' rent. Maintenance borne by the tenant.",
        "This is demo data generated for the Aangan demonstration.",
      ],
    },
  ];
}

/** A small, real PDF; creation date fixed so a re-render gives the same bytes. */
export function renderPdf(heading: string, lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: 56,
      info: { Title: heading, Producer: "Aangan demo", CreationDate: new Date(Date.UTC(2026, 0, 1)) },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(20).text(heading).moveDown();
    doc.fontSize(11);
    for (const line of lines) doc.text(line).moveDown(0.5);
    doc.end();
  });
}

/** Writes the demo PDFs (only when missing) under uploads/private and their property_documents rows. */
export async function writePropertyDocuments({ tx, clock, dataDir }: SeedContext): Promise<void> {
  const admin = userId(PERSONAS.admin.email);
  for (const propertyId of WITH_DOCUMENTS) {
    const property = PROPERTIES.find((p) => p.id === propertyId);
    if (!property) continue;
    for (const [index, document] of documentsFor(property.title, property.city).entries()) {
      const storageKey = `property-documents/${propertyId}/${document.slug}.pdf`;
      const file = path.join(privateUploadsDir(dataDir), storageKey);
      let size = fileSizeIfExists(file);
      if (size === null) {
        const bytes = await renderPdf(`${document.name}: ${property.title}`, document.lines);
        writeFileAtomically(file, bytes);
        size = bytes.length;
      }
      await tx.propertyDocument.createMany({
        skipDuplicates: true,
        data: [
          {
            id: demoId(`property-document:${propertyId}:${document.slug}`),
            propertyId,
            documentType: document.type,
            documentName: document.name,
            description: document.description,
            storageKey,
            fileSize: size,
            mimeType: "application/pdf",
            uploadedBy: admin,
            isPublic: document.isPublic,
            uploadedAt: new Date(clock.daysAgo(30).getTime() + index * 60_000),
          },
        ],
      });
    }
  }
}
