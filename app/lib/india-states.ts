/**
 * India's 28 states and 8 union territories with their GST state codes (the first two
 * digits of a GSTIN). KYC stores the code; the name is only for display.
 */
export type IndiaRegion = { code: string; name: string; kind: "state" | "union_territory" };

export const INDIA_REGIONS: readonly IndiaRegion[] = [
  { code: "35", name: "Andaman and Nicobar Islands", kind: "union_territory" },
  { code: "37", name: "Andhra Pradesh", kind: "state" },
  { code: "12", name: "Arunachal Pradesh", kind: "state" },
  { code: "18", name: "Assam", kind: "state" },
  { code: "10", name: "Bihar", kind: "state" },
  { code: "04", name: "Chandigarh", kind: "union_territory" },
  { code: "22", name: "Chhattisgarh", kind: "state" },
  { code: "26", name: "Dadra and Nagar Haveli and Daman and Diu", kind: "union_territory" },
  { code: "07", name: "Delhi", kind: "union_territory" },
  { code: "30", name: "Goa", kind: "state" },
  { code: "24", name: "Gujarat", kind: "state" },
  { code: "06", name: "Haryana", kind: "state" },
  { code: "02", name: "Himachal Pradesh", kind: "state" },
  { code: "01", name: "Jammu and Kashmir", kind: "union_territory" },
  { code: "20", name: "Jharkhand", kind: "state" },
  { code: "29", name: "Karnataka", kind: "state" },
  { code: "32", name: "Kerala", kind: "state" },
  { code: "38", name: "Ladakh", kind: "union_territory" },
  { code: "31", name: "Lakshadweep", kind: "union_territory" },
  { code: "23", name: "Madhya Pradesh", kind: "state" },
  { code: "27", name: "Maharashtra", kind: "state" },
  { code: "14", name: "Manipur", kind: "state" },
  { code: "17", name: "Meghalaya", kind: "state" },
  { code: "15", name: "Mizoram", kind: "state" },
  { code: "13", name: "Nagaland", kind: "state" },
  { code: "21", name: "Odisha", kind: "state" },
  { code: "34", name: "Puducherry", kind: "union_territory" },
  { code: "03", name: "Punjab", kind: "state" },
  { code: "08", name: "Rajasthan", kind: "state" },
  { code: "11", name: "Sikkim", kind: "state" },
  { code: "33", name: "Tamil Nadu", kind: "state" },
  { code: "36", name: "Telangana", kind: "state" },
  { code: "16", name: "Tripura", kind: "state" },
  { code: "09", name: "Uttar Pradesh", kind: "state" },
  { code: "05", name: "Uttarakhand", kind: "state" },
  { code: "19", name: "West Bengal", kind: "state" },
];

const BY_CODE = new Map(INDIA_REGIONS.map((region) => [region.code, region]));

export function regionByCode(code: string | null | undefined): IndiaRegion | undefined {
  return code ? BY_CODE.get(code) : undefined;
}

export function isIndiaRegionCode(code: string): boolean {
  return BY_CODE.has(code);
}

/** "Karnataka (29)": how receipts name a place of supply. */
export function regionLabel(code: string): string {
  const region = BY_CODE.get(code);
  return region ? `${region.name} (${code})` : code;
}
