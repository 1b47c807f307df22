import type { ReceiptIssuer } from "~/domain/receipts/receipt.server";
import type { Deductor } from "~/domain/tds/tds-documents.server";
import { getEnv } from "~/services/env.server";

/** The company behind the platform, as receipts and the trust pages name it (configured in env). */
export function receiptIssuer(): ReceiptIssuer {
  const env = getEnv();
  return { name: env.LEGAL_ENTITY_NAME, address: env.LEGAL_ENTITY_ADDRESS, cin: env.LEGAL_ENTITY_CIN, gstin: env.LEGAL_ENTITY_GSTIN };
}

export type ContactDetails = ReceiptIssuer & { grievanceOfficer: string; grievanceEmail: string; grievancePhone: string; phone: string };

export function contactDetails(): ContactDetails {
  const env = getEnv();
  return {
    ...receiptIssuer(),
    grievanceOfficer: env.GRIEVANCE_OFFICER_NAME,
    grievanceEmail: env.GRIEVANCE_OFFICER_EMAIL,
    grievancePhone: env.GRIEVANCE_OFFICER_PHONE,
    phone: env.SUPPORT_PHONE,
  };
}

/** Aangan as the deductor of TDS, with its TAN (configured in env; ADR 0065). */
export function tdsDeductor(): Deductor {
  const env = getEnv();
  return { name: env.LEGAL_ENTITY_NAME, address: env.LEGAL_ENTITY_ADDRESS, tan: env.TDS_DEDUCTOR_TAN };
}
