import { holderWarnings } from "~/domain/admin/properties/holder-warnings.server";
import type { Db } from "~/services/db.server";
import { getEnv } from "~/services/env.server";

/** The admin's holder and concentration warnings, with the configured limit (CONCENTRATION_WARNING_PERCENT). */
export function adminHolderWarnings(db: Db, propertyIds?: string[]) {
  return holderWarnings(db, getEnv().CONCENTRATION_WARNING_PERCENT, propertyIds);
}
