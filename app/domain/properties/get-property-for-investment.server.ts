import { preparedQuery, type Db, type PreparedStatement } from "~/services/db.server";
import { Decimal } from "~/lib/money";
import { valuationPrices } from "~/domain/figures/valuation.server";
import { fundingProgressPercent, fundingProgressTone, type FundingTone } from "./funding-progress";
import { isPubliclyVisible, propertyCategory, propertyStatusLabel, type PropertyCategory } from "./property-display";
import { raisedSql } from "./raised-by-property.server";

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
  /** Whether the viewer has the property on their watchlist (false when signed out). */
  savedByViewer: boolean;
  /** Whether a sale of the property is on record in any state; what of it a holder sees is the exit domain's rule. */
  hasExitRecord: boolean;
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

// The property's row and the page's figures in one round trip: what has been raised (confirmed
// investments, as the spec defines it: raisedSql, the sum the investments trigger keeps, as
// the catalogue's cards show it; ADR 0078), how many investors hold shares, the
// viewer's wallet and holding (null when signed out), whether the viewer saved it, and whether
// it has a sale on record at all (only then is the exit's own read worth sending). Every
// amount column is numeric(16,2) or numeric(5,2), so its text is the two-decimal figure the
// page shows; dates are calendar days.
const READ_PROPERTY_FOR_INVESTMENT: PreparedStatement = {
  name: "read_property_for_investment",
  text: `
    SELECT p.id, p.title, p.description, p.address, p.city, p.state, p.country,
           p.property_type::text AS property_type, p.property_status::text AS property_status, p.images,
           p.total_value::text AS total_value, p.share_price::text AS share_price,
           p.total_shares, p.available_shares,
           p.minimum_investment::text AS minimum_investment, p.maximum_investment::text AS maximum_investment,
           p.expected_annual_return::text AS expected_annual_return, p.actual_roi_percentage::text AS actual_roi_percentage,
           p.funding_goal::text AS funding_goal, p.funded_amount::text AS funded_amount, p.shares_sellable,
           to_char(p.investment_start_date, 'YYYY-MM-DD') AS investment_start_date,
           to_char(p.investment_end_date, 'YYYY-MM-DD') AS investment_end_date,
           p.tenant_name, p.tenant_sector, to_char(p.lease_start_date, 'YYYY-MM-DD') AS lease_start_date,
           p.lease_term_months, p.lock_in_months, p.rent_escalation_percent::text AS rent_escalation_percent,
           p.escalation_interval_months, p.monthly_rent::text AS monthly_rent,
           p.expected_rental_yield::text AS expected_rental_yield, p.expected_appreciation::text AS expected_appreciation,
           p.spv_name, p.spv_structure, p.valuation_amount::text AS valuation_amount, p.valuer_name,
           to_char(p.valuation_date, 'YYYY-MM-DD') AS valuation_date,
           p.management_fee_percent::text AS management_fee_percent,
           p.performance_fee_percent::text AS performance_fee_percent, p.exit_fee_percent::text AS exit_fee_percent,
           ${raisedSql("p.id")} AS raised,
           (SELECT count(*)::int FROM user_property_positions WHERE property_id = p.id AND shares > 0) AS investor_count,
           (SELECT available_balance::numeric(16,2)::text FROM escrow_balances WHERE user_id = $2::uuid) AS available_balance,
           pos.shares AS held_shares, pos.avg_price::numeric(16,2)::text AS avg_price,
           pos.cost_basis::numeric(16,2)::text AS cost_basis,
           EXISTS (SELECT 1 FROM watchlist w WHERE w.user_id = $2::uuid AND w.property_id = p.id) AS saved,
           EXISTS (SELECT 1 FROM property_exits e WHERE e.property_id = p.id) AS has_exit_record
      FROM properties p
      LEFT JOIN user_property_positions pos ON pos.user_id = $2::uuid AND pos.property_id = p.id
     WHERE p.id = $1`,
};

type PropertyRow = {
  id: string;
  title: string;
  description: string;
  address: string;
  city: string;
  state: string | null;
  country: string;
  property_type: string;
  property_status: string;
  images: string[];
  total_value: string;
  share_price: string;
  total_shares: number;
  available_shares: number;
  minimum_investment: string;
  maximum_investment: string | null;
  expected_annual_return: string | null;
  actual_roi_percentage: string | null;
  funding_goal: string;
  funded_amount: string;
  shares_sellable: boolean;
  investment_start_date: string | null;
  investment_end_date: string | null;
  tenant_name: string | null;
  tenant_sector: string | null;
  lease_start_date: string | null;
  lease_term_months: number | null;
  lock_in_months: number | null;
  rent_escalation_percent: string | null;
  escalation_interval_months: number | null;
  monthly_rent: string | null;
  expected_rental_yield: string | null;
  expected_appreciation: string | null;
  spv_name: string | null;
  spv_structure: string | null;
  valuation_amount: string | null;
  valuer_name: string | null;
  valuation_date: string | null;
  management_fee_percent: string | null;
  performance_fee_percent: string | null;
  exit_fee_percent: string | null;
  raised: string;
  investor_count: number;
  available_balance: string | null;
  held_shares: number | null;
  avg_price: string | null;
  cost_basis: string | null;
  saved: boolean;
  has_exit_record: boolean;
};

/**
 * The property, its funding and facts, and the viewer's wallet and holding for the invest
 * page, in plain serialisable values. Drafts exist only for admins, so anyone else gets null
 * (the page says 'Property Not Found'). The page lists documents from listPropertyDocuments.
 */
export async function getPropertyForInvestment(
  db: Db,
  propertyId: string,
  viewer: InvestmentViewer,
): Promise<PropertyForInvestment | null> {
  const [row] = await preparedQuery<PropertyRow>(db, READ_PROPERTY_FOR_INVESTMENT, [propertyId, viewer?.userId ?? null]);
  if (!row) return null;
  if (!isPubliclyVisible(row.property_status) && !viewer?.isAdmin) return null;

  const percent = fundingProgressPercent({ status: row.property_status, raised: row.raised, totalValue: row.total_value });
  const shares = row.held_shares ?? 0;
  // What the holding is worth: the one valuation rule (ADR 0046, 0069), asked only when there is one.
  const price = shares > 0 ? ((await valuationPrices(db, [row.id])).get(row.id)?.price ?? row.share_price) : row.share_price;

  return {
    property: {
      id: row.id,
      title: row.title,
      description: row.description,
      address: row.address,
      city: row.city,
      state: row.state,
      country: row.country,
      propertyType: row.property_type,
      category: propertyCategory(row.property_type),
      status: row.property_status,
      statusLabel: propertyStatusLabel(row.property_status),
      images: row.images,
      totalValue: row.total_value,
      sharePrice: row.share_price,
      totalShares: row.total_shares,
      availableShares: row.available_shares,
      minimumInvestment: row.minimum_investment,
      maximumInvestment: row.maximum_investment,
      expectedAnnualReturn: row.expected_annual_return,
      actualRoiPercentage: row.actual_roi_percentage,
      fundingGoal: row.funding_goal,
      fundedAmount: row.funded_amount,
      sharesSellable: row.shares_sellable,
      investmentStartDate: row.investment_start_date,
      investmentEndDate: row.investment_end_date,
    },
    funding: { raised: row.raised, percent, tone: fundingProgressTone(percent) },
    facts: {
      tenantName: row.tenant_name,
      tenantSector: row.tenant_sector,
      leaseStartDate: row.lease_start_date,
      leaseTermMonths: row.lease_term_months,
      lockInMonths: row.lock_in_months,
      rentEscalationPercent: row.rent_escalation_percent,
      escalationIntervalMonths: row.escalation_interval_months,
      monthlyRent: row.monthly_rent,
      expectedRentalYield: row.expected_rental_yield,
      expectedAppreciation: row.expected_appreciation,
      spvName: row.spv_name,
      spvStructure: row.spv_structure,
      valuationAmount: row.valuation_amount,
      valuerName: row.valuer_name,
      valuationDate: row.valuation_date,
      managementFeePercent: row.management_fee_percent,
      performanceFeePercent: row.performance_fee_percent,
      exitFeePercent: row.exit_fee_percent,
      investorCount: row.investor_count,
    },
    wallet: viewer ? { availableBalance: row.available_balance ?? "0.00" } : null,
    holdings: viewer
      ? {
          shares,
          avgPrice: row.avg_price ?? "0.00",
          costBasis: row.cost_basis ?? "0.00",
          currentValue: new Decimal(price).times(shares).toFixed(2),
        }
      : null,
    savedByViewer: row.saved,
    hasExitRecord: row.has_exit_record,
  };
}
