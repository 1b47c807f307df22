import { Decimal } from "~/lib/money";
import type { PropertySeed } from "./properties";

/** The lease and tenant of a let property; days are relative to seeding. */
type Lease = {
  tenant: string;
  sector: string;
  startDaysAgo: number;
  termMonths: number;
  lockInMonths: number;
  escalation: string;
  everyMonths: number;
};

type FactSeed = {
  lease: Lease | null;
  /** Share of the expected return that comes from rent, in percent a year. */
  rentalYield: string;
  spvName: string;
  valuer: string;
  valuedDaysAgo: number;
  /** The independent valuation as a share of the listed value, e.g. "1.03". */
  valuationRatio: string;
};

const SPV_STRUCTURE =
  "Private limited company that holds the title; each share is one equity share of the SPV, held by investors through Aangan as the registered nominee";

/**
 * Believable facts per demo property: tenants of the kind each asset lets to, Indian
 * lease terms (three to nine years, a lock-in, 5% a year or 15% every three years), rent
 * that matches the rental yield, and valuations. Every tenant and valuer is invented: the
 * demo names no real company.
 */
const FACTS: Record<string, FactSeed> = {
  "dummy-1": {
    lease: {
      tenant: "Corporate leases (Sahyadri Infotech, Konkan Engineering Works)",
      sector: "Corporate housing",
      startDaysAgo: 420,
      termMonths: 36,
      lockInMonths: 12,
      escalation: "5",
      everyMonths: 12,
    },
    rentalYield: "3.8",
    spvName: "Skyline Bandra Realty Private Limited",
    valuer: "Banyan Valuers LLP",
    valuedDaysAgo: 75,
    valuationRatio: "1.02",
  },
  "whitefield-tech-suites": {
    lease: {
      tenant: "Tamarind Code Labs and Nilgiri Softworks",
      sector: "IT services",
      startDaysAgo: 700,
      termMonths: 108,
      lockInMonths: 60,
      escalation: "15",
      everyMonths: 36,
    },
    rentalYield: "8.2",
    spvName: "Whitefield Suites SPV Private Limited",
    valuer: "Meridian Property Valuers Pvt Ltd",
    valuedDaysAgo: 60,
    valuationRatio: "1.04",
  },
  "baner-greens-villas": {
    lease: {
      tenant: "Individual families on 11-month leave-and-licence agreements",
      sector: "Residential",
      startDaysAgo: 300,
      termMonths: 11,
      lockInMonths: 3,
      escalation: "5",
      everyMonths: 11,
    },
    rentalYield: "3.2",
    spvName: "Baner Greens Homes Private Limited",
    valuer: "Sandstone Valuation Advisors LLP",
    valuedDaysAgo: 120,
    valuationRatio: "1.06",
  },
  "assagao-palms-villa": {
    lease: {
      tenant: "Palmyra Holiday Homes",
      sector: "Holiday homes",
      startDaysAgo: 260,
      termMonths: 60,
      lockInMonths: 24,
      escalation: "6",
      everyMonths: 12,
    },
    rentalYield: "6.5",
    spvName: "Assagao Palms Private Limited",
    valuer: "Peepal Realty Valuers Pvt Ltd",
    valuedDaysAgo: 140,
    valuationRatio: "1.05",
  },
  "hitec-city-arcade": {
    lease: {
      tenant: "Charminar Lifestyle Stores, Deccan Sports Depot and a food court operator",
      sector: "Retail",
      startDaysAgo: 500,
      termMonths: 108,
      lockInMonths: 36,
      escalation: "15",
      everyMonths: 36,
    },
    rentalYield: "8.4",
    spvName: "Hitec Arcade Retail SPV Private Limited",
    valuer: "Lotus Valuation Partners LLP",
    valuedDaysAgo: 90,
    valuationRatio: "1.01",
  },
  "omr-lakeview-homes": {
    lease: {
      tenant: "Individual tenants working on the OMR IT corridor",
      sector: "Residential",
      startDaysAgo: 380,
      termMonths: 11,
      lockInMonths: 3,
      escalation: "5",
      everyMonths: 11,
    },
    rentalYield: "3.6",
    spvName: "OMR Lakeview Homes Private Limited",
    valuer: "Banyan Valuers LLP",
    valuedDaysAgo: 160,
    valuationRatio: "1.03",
  },
  "cyber-hub-commercial": {
    lease: {
      tenant: "Aravalli Business Services",
      sector: "Business services",
      startDaysAgo: 900,
      termMonths: 108,
      lockInMonths: 48,
      escalation: "15",
      everyMonths: 36,
    },
    rentalYield: "8.6",
    spvName: "Cyber Hub Offices Private Limited",
    valuer: "Meridian Property Valuers Pvt Ltd",
    valuedDaysAgo: 100,
    valuationRatio: "1.05",
  },
  "chakan-logistics-park": {
    lease: {
      tenant: "Sahyadri Freightways",
      sector: "Warehousing and logistics",
      startDaysAgo: 240,
      termMonths: 120,
      lockInMonths: 60,
      escalation: "5",
      everyMonths: 12,
    },
    rentalYield: "8.8",
    spvName: "Chakan Logistics Park Private Limited",
    valuer: "Harbour and Hill Valuers Pvt Ltd",
    valuedDaysAgo: 45,
    valuationRatio: "1.02",
  },
  "marine-drive-square": {
    lease: null,
    rentalYield: "7",
    spvName: "Marine Drive Square Private Limited",
    valuer: "Peepal Realty Valuers Pvt Ltd",
    valuedDaysAgo: 30,
    valuationRatio: "1",
  },
  "gift-city-business-centre": {
    lease: null,
    rentalYield: "7.6",
    spvName: "GIFT Business Centre SPV Private Limited",
    valuer: "Sandstone Valuation Advisors LLP",
    valuedDaysAgo: 20,
    valuationRatio: "1",
  },
  "park-street-plaza": {
    lease: null,
    rentalYield: "7.8",
    spvName: "Park Street Plaza Private Limited",
    valuer: "Banyan Valuers LLP",
    valuedDaysAgo: 25,
    valuationRatio: "1.01",
  },
  "pink-city-courtyard": {
    lease: null,
    rentalYield: "6",
    spvName: "Pink City Courtyard Private Limited",
    valuer: "Lotus Valuation Partners LLP",
    valuedDaysAgo: 15,
    valuationRatio: "1",
  },
  "andheri-east-warehousing": {
    lease: {
      tenant: "Saffron Express Couriers",
      sector: "Express logistics",
      startDaysAgo: 1300,
      termMonths: 108,
      lockInMonths: 36,
      escalation: "5",
      everyMonths: 12,
    },
    rentalYield: "8.5",
    spvName: "Andheri Warehousing Private Limited",
    valuer: "Harbour and Hill Valuers Pvt Ltd",
    valuedDaysAgo: 200,
    valuationRatio: "1.09",
  },
  "indiranagar-residences": {
    lease: {
      tenant: "Individual tenants on 11-month leave-and-licence agreements",
      sector: "Residential",
      startDaysAgo: 700,
      termMonths: 11,
      lockInMonths: 3,
      escalation: "5",
      everyMonths: 11,
    },
    rentalYield: "3.1",
    spvName: "Indiranagar Residences Private Limited",
    valuer: "Sandstone Valuation Advisors LLP",
    valuedDaysAgo: 220,
    valuationRatio: "1.08",
  },
  "lonavala-hillside-retreat": {
    lease: {
      tenant: "Western Ghats Villa Stays",
      sector: "Holiday homes",
      startDaysAgo: 150,
      termMonths: 60,
      lockInMonths: 24,
      escalation: "6",
      everyMonths: 12,
    },
    rentalYield: "6.8",
    spvName: "Lonavala Hillside Private Limited",
    valuer: "Peepal Realty Valuers Pvt Ltd",
    valuedDaysAgo: 50,
    valuationRatio: "1.03",
  },
  "koregaon-park-lofts": {
    lease: {
      tenant: "Nestwell Co-living (co-living operator)",
      sector: "Co-living",
      startDaysAgo: 330,
      termMonths: 60,
      lockInMonths: 24,
      escalation: "5",
      everyMonths: 12,
    },
    rentalYield: "4.6",
    spvName: "Koregaon Park Lofts Private Limited",
    valuer: "Lotus Valuation Partners LLP",
    valuedDaysAgo: 130,
    valuationRatio: "1.04",
  },
};

const DAY_MS = 24 * 60 * 60 * 1000;
const calendarDate = (now: Date, daysAgo: number) => {
  const date = new Date(now.getTime() - daysAgo * DAY_MS);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
};

/** The Property columns an investor compares (ADR 0050) for one demo property, with rent derived from its yield. */
export function propertyFactColumns(property: PropertySeed, now: Date) {
  const facts = FACTS[property.id];
  if (!facts) throw new Error(`${property.id}: no seeded facts`);
  const yieldPercent = new Decimal(facts.rentalYield);
  const appreciation = new Decimal(property.expectedReturn).minus(yieldPercent);
  const lease = facts.lease;
  return {
    tenantName: lease?.tenant ?? null,
    tenantSector: lease?.sector ?? null,
    leaseStartDate: lease ? calendarDate(now, lease.startDaysAgo) : null,
    leaseTermMonths: lease?.termMonths ?? null,
    lockInMonths: lease?.lockInMonths ?? null,
    rentEscalationPercent: lease?.escalation ?? null,
    escalationIntervalMonths: lease?.everyMonths ?? null,
    // Rent is what the yield says the asset earns: value × yield ÷ 12, to the rupee.
    monthlyRent: lease ? new Decimal(property.totalValue).times(yieldPercent).div(1200).toDecimalPlaces(0).toFixed(2) : null,
    expectedRentalYield: yieldPercent.toFixed(2),
    expectedAppreciation: appreciation.toFixed(2),
    spvName: facts.spvName,
    spvStructure: SPV_STRUCTURE,
    valuationAmount: new Decimal(property.totalValue).times(facts.valuationRatio).div(100_000).round().times(100_000).toFixed(2),
    valuerName: facts.valuer,
    valuationDate: calendarDate(now, facts.valuedDaysAgo),
    managementFeePercent: "0.50",
    performanceFeePercent: "10.00",
    exitFeePercent: "0.00",
  };
}
