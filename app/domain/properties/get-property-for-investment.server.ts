import { preparedQuery, type PreparedStatement, type PrismaClient } from "~/services/db.server";
import { Decimal } from "~/lib/money";
import { valuationPrices } from "~/domain/figures/valuation.server";
import { fundingProgressPercent, fundingProgressTone, type FundingTone } from "./funding-progress";
import { isPubliclyVisible, propertyCategory, propertyStatusLabel, type PropertyCategory } from "./property-display";

export type InvestmentViewer = { userId: string; isAdmin: boolean } | null;

export type PropertyForInvestment = {
  property: {
    id: string;
    title: string;
    description: string;
    address: string;
    city: string;
    state: string | null;
    country: string;
    propertyType: string;
    category: PropertyCategory;
    status: string;
    statusLabel: string;
    images: string[];
    totalValue: string;
    sharePrice: string;
    totalShares: number;
    availableShares: number;
    minimumInvestment: string;
    maximumInvestment: string | null;
    expectedAnnualReturn: string | null;
    actualRoiPercentage: string | null;
    fundingGoal: string;
    fundedAmount: string;
    sharesSellable: boolean;
    investmentStartDate: string | null;
    investmentEndDate: string | null;
  };
  funding: { raised: string; percent: number; tone: FundingTone };
  facts: PropertyFacts;
  /** null for a signed-out visitor. */
  wallet: { availableBalance: string } | null;
  /** null for a signed-out visitor; zero shares when the viewer holds none. */
  holdings: { shares: number; avgPrice: string; costBasis: string; currentValue: string } | null;
};

/** What an investor compares before buying; null where the property has no such fact yet. */
export type PropertyFacts = {
  tenantName: string | null;
  tenantSector: string | null;
  leaseStartDate: string | null;
  leaseTermMonths: number | null;
  lockInMonths: number | null;
  rentEscalationPercent: string | null;
  escalationIntervalMonths: number | null;
  monthlyRent: string | null;
  expectedRentalYield: string | null;
  expectedAppreciation: string | null;
  spvName: string | null;
  spvStructure: string | null;
  valuationAmount: string | null;
  valuerName: string | null;
  valuationDate: string | null;
  managementFeePercent: string | null;
  performanceFeePercent: string | null;
  exitFeePercent: string | null;
  /** Distinct investors with shares in the property now. */
  investorCount: number;
};

const isoDate = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);

// The page's figures besides the property's own row, in one round trip: what has been raised
// (confirmed investments, as the spec defines it: the sum the investments trigger keeps, which
// raisedByProperty gives the catalogue; ADR 0078),
// how many investors hold shares, and the viewer's wallet and holding (null when signed out).
const READ_INVESTMENT_FIGURES: PreparedStatement = {
  name: "read_investment_figures",
  text: `
    SELECT (SELECT coalesce(sum(raised), 0)::numeric(16,2)::text FROM property_raised WHERE property_id = $1) AS raised,
           (SELECT count(*)::int FROM user_property_positions WHERE property_id = $1 AND shares > 0) AS investor_count,
           (SELECT available_balance::numeric(16,2)::text FROM escrow_balances WHERE user_id = $2::uuid) AS available_balance,
           pos.shares, pos.avg_price::numeric(16,2)::text AS avg_price, pos.cost_basis::numeric(16,2)::text AS cost_basis
      FROM (SELECT 1) one
      LEFT JOIN user_property_positions pos ON pos.user_id = $2::uuid AND pos.property_id = $1`,
};

type InvestmentFigures = {
  raised: string;
  investor_count: number;
  available_balance: string | null;
  shares: number | null;
  avg_price: string | null;
  cost_basis: string | null;
};

/**
 * The property, its funding and facts, and the viewer's wallet and holding for the invest
 * page, in plain serialisable values. Drafts exist only for admins, so anyone else gets null
 * (the page says 'Property Not Found'). The page lists documents from listPropertyDocuments.
 */
export async function getPropertyForInvestment(
  db: PrismaClient,
  propertyId: string,
  viewer: InvestmentViewer,
): Promise<PropertyForInvestment | null> {
  const row = await db.property.findUnique({ where: { id: propertyId } });
  if (!row) return null;
  if (!isPubliclyVisible(row.propertyStatus) && !viewer?.isAdmin) return null;

  const [figures] = await preparedQuery<InvestmentFigures>(db, READ_INVESTMENT_FIGURES, [row.id, viewer?.userId ?? null]);
  const raisedAmount = figures!.raised;
  const investorCount = figures!.investor_count;
  const percent = fundingProgressPercent({ status: row.propertyStatus, raised: raisedAmount, totalValue: row.totalValue.toString() });
  const shares = figures!.shares ?? 0;
  // What the holding is worth: the one valuation rule (ADR 0046, 0069), asked only when there is one.
  const price =
    shares > 0 ? ((await valuationPrices(db, [row.id])).get(row.id)?.price ?? row.sharePrice.toFixed(2)) : row.sharePrice.toFixed(2);

  return {
    property: {
      id: row.id,
      title: row.title,
      description: row.description,
      address: row.address,
      city: row.city,
      state: row.state,
      country: row.country,
      propertyType: row.propertyType,
      category: propertyCategory(row.propertyType),
      status: row.propertyStatus,
      statusLabel: propertyStatusLabel(row.propertyStatus),
      images: row.images,
      totalValue: row.totalValue.toFixed(2),
      sharePrice: row.sharePrice.toFixed(2),
      totalShares: row.totalShares,
      availableShares: row.availableShares,
      minimumInvestment: row.minimumInvestment.toFixed(2),
      maximumInvestment: row.maximumInvestment?.toFixed(2) ?? null,
      expectedAnnualReturn: row.expectedAnnualReturn?.toFixed(2) ?? null,
      actualRoiPercentage: row.actualRoiPercentage?.toFixed(2) ?? null,
      fundingGoal: row.fundingGoal.toFixed(2),
      fundedAmount: row.fundedAmount.toFixed(2),
      sharesSellable: row.sharesSellable,
      investmentStartDate: isoDate(row.investmentStartDate),
      investmentEndDate: isoDate(row.investmentEndDate),
    },
    funding: { raised: raisedAmount, percent, tone: fundingProgressTone(percent) },
    facts: {
      tenantName: row.tenantName,
      tenantSector: row.tenantSector,
      leaseStartDate: isoDate(row.leaseStartDate),
      leaseTermMonths: row.leaseTermMonths,
      lockInMonths: row.lockInMonths,
      rentEscalationPercent: row.rentEscalationPercent?.toFixed(2) ?? null,
      escalationIntervalMonths: row.escalationIntervalMonths,
      monthlyRent: row.monthlyRent?.toFixed(2) ?? null,
      expectedRentalYield: row.expectedRentalYield?.toFixed(2) ?? null,
      expectedAppreciation: row.expectedAppreciation?.toFixed(2) ?? null,
      spvName: row.spvName,
      spvStructure: row.spvStructure,
      valuationAmount: row.valuationAmount?.toFixed(2) ?? null,
      valuerName: row.valuerName,
      valuationDate: isoDate(row.valuationDate),
      managementFeePercent: row.managementFeePercent?.toFixed(2) ?? null,
      performanceFeePercent: row.performanceFeePercent?.toFixed(2) ?? null,
      exitFeePercent: row.exitFeePercent?.toFixed(2) ?? null,
      investorCount,
    },
    wallet: viewer ? { availableBalance: figures!.available_balance ?? "0.00" } : null,
    holdings: viewer
      ? {
          shares,
          avgPrice: figures!.avg_price ?? "0.00",
          costBasis: figures!.cost_basis ?? "0.00",
          currentValue: new Decimal(price).times(shares).toFixed(2),
        }
      : null,
  };
}
