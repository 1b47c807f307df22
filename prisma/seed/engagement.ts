import { PERSONAS } from "./personas";

export type WatchSeed = { email: string; propertyId: string; notes: string | null; addedDaysAgo: number; views: number };
export type AlertSeed = {
  email: string;
  type: string;
  title: string;
  message: string;
  propertyId: string | null;
  daysAgo: number;
  read: boolean;
};

const { explorer, waitlist, small, large, kycPending } = PERSONAS;

/** Notes by the bulk investors (investor05 onwards), one per investor, on one property. */
function noteSeeds(propertyId: string, notes: string[], firstInvestor = propertyId === "dummy-1" ? 5 : 10): WatchSeed[] {
  return notes.map((text, index) => ({
    email: `investor${String(firstInvestor + index).padStart(2, "0")}@demo.aangan.in`,
    propertyId,
    notes: text,
    addedDaysAgo: 20 + index * 9,
    views: 3 + index,
  }));
}

/** Watchlist entries; notes only for tiers allowed to write them (not explorers). */
export const WATCHLIST: WatchSeed[] = [
  {
    email: small.email,
    propertyId: "dummy-1",
    notes: "Love the Bandra location but the 1 lakh minimum is steep for me. Waiting to see if a resale listing appears under 10k a share.",
    addedDaysAgo: 200,
    views: 14,
  },
  {
    email: small.email,
    propertyId: "hitec-city-arcade",
    notes: "Bank branch tenant feels safe. Would like to see the lease lock-in period before buying.",
    addedDaysAgo: 40,
    views: 6,
  },
  {
    email: small.email,
    propertyId: "marine-drive-square",
    notes: "Kochi waterfront could do well with tourists. Check flood insurance in the documents.",
    addedDaysAgo: 12,
    views: 3,
  },
  {
    email: small.email,
    propertyId: "whitefield-tech-suites",
    notes: "Bought one share. Add another after the next dividend if occupancy stays high.",
    addedDaysAgo: 60,
    views: 9,
  },
  {
    email: large.email,
    propertyId: "gift-city-business-centre",
    notes: "Tax advantages of IFSC tenants are attractive. Plan to put 10 lakh in when it opens.",
    addedDaysAgo: 15,
    views: 7,
  },
  {
    email: large.email,
    propertyId: "park-street-plaza",
    notes: "Heritage refit could overrun costs. Want to read the contractor agreement first.",
    addedDaysAgo: 8,
    views: 4,
  },
  {
    email: large.email,
    propertyId: "chakan-logistics-park",
    notes: "Warehousing demand in Chakan is strong; the yield beats my other holdings. Consider topping up.",
    addedDaysAgo: 250,
    views: 18,
  },
  {
    email: large.email,
    propertyId: "lonavala-hillside-retreat",
    notes: "Weekend rentals are seasonal - monsoon months may drag returns down.",
    addedDaysAgo: 90,
    views: 5,
  },
  {
    email: large.email,
    propertyId: "baner-greens-villas",
    notes: "Missed the primary offer. Watching resale listings for anything near 16,500.",
    addedDaysAgo: 140,
    views: 11,
  },
  {
    email: waitlist.email,
    propertyId: "dummy-1",
    notes: "First property I want to buy once my wallet is topped up. 12.5% return looks great.",
    addedDaysAgo: 10,
    views: 8,
  },
  {
    email: waitlist.email,
    propertyId: "koregaon-park-lofts",
    notes: "Sold out already - hope someone lists a share on the market.",
    addedDaysAgo: 9,
    views: 3,
  },
  { email: waitlist.email, propertyId: "assagao-palms-villa", notes: null, addedDaysAgo: 4, views: 2 },
  { email: explorer.email, propertyId: "omr-lakeview-homes", notes: null, addedDaysAgo: 0, views: 2 },
  { email: explorer.email, propertyId: "lonavala-hillside-retreat", notes: null, addedDaysAgo: 0, views: 1 },
  {
    email: "investor01@demo.aangan.in",
    propertyId: "dummy-1",
    notes: "Good tenant mix, but maintenance charges in older Bandra towers can be high.",
    addedDaysAgo: 300,
    views: 12,
  },
  {
    email: "investor02@demo.aangan.in",
    propertyId: "dummy-1",
    notes: "Strong rental demand in Bandra. Expect resale value to rise after the coastal road opens.",
    addedDaysAgo: 280,
    views: 9,
  },
  {
    email: "investor03@demo.aangan.in",
    propertyId: "whitefield-tech-suites",
    notes: "IT layoffs are a risk for office occupancy; the 9-year lock-in helps.",
    addedDaysAgo: 150,
    views: 6,
  },
  {
    email: "investor04@demo.aangan.in",
    propertyId: "hitec-city-arcade",
    notes: "Footfall near Cyber Towers is great on weekdays, quiet on Sundays.",
    addedDaysAgo: 100,
    views: 4,
  },
  // Enough notes on two properties for a meaningful notes analysis (admin → Notes Analysis):
  // praise, worries, mixed feelings, Hinglish and emoji, as investors really write them.
  ...noteSeeds("dummy-1", [
    "Excellent location, the sea-facing units are beautiful and rental demand is strong. 😍",
    "Location accha hai, rent bhi badiya milega. Price thoda mehenga hai though.",
    "Worried about the maintenance charges and the old lift; management looks slow to respond.",
    "Great tenant quality and a good rental yield for Bandra. Happy to add more shares.",
    "Parking is a real problem here and the society fees keep rising. 😟",
  ]),
  ...noteSeeds("chakan-logistics-park", [
    "Warehouse demand near Pune is booming; the tenant signed a long lease. Very positive 👍",
    "Road access during monsoon is terrible and trucks get stuck. Big risk for the tenant.",
    "Yield is solid and the location next to the auto cluster is smart. Badiya investment!",
    "Rental income looks stable, but the warehouse roof needs repair soon.",
  ]),
];

/** Profiles that looked at a property without saving it. */
export const VIEWS_ONLY: Array<{ email: string; propertyId: string; views: number; daysAgo: number }> = [
  { email: explorer.email, propertyId: "dummy-1", views: 3, daysAgo: 0 },
  { email: kycPending.email, propertyId: "dummy-1", views: 2, daysAgo: 1 },
  { email: kycPending.email, propertyId: "whitefield-tech-suites", views: 1, daysAgo: 2 },
  { email: small.email, propertyId: "koregaon-park-lofts", views: 5, daysAgo: 20 },
  { email: large.email, propertyId: "cyber-hub-commercial", views: 22, daysAgo: 3 },
];

export const ALERTS: AlertSeed[] = [
  {
    email: small.email,
    type: "kyc_approved",
    title: "KYC Approved",
    message: "You can now invest in properties.",
    propertyId: null,
    daysAgo: 365,
    read: true,
  },
  {
    email: small.email,
    type: "dividend_paid",
    title: "Dividend received",
    message: "₹294 from Assagao Palms Villa was added to your wallet.",
    propertyId: "assagao-palms-villa",
    daysAgo: 5,
    read: false,
  },
  {
    email: small.email,
    type: "shares_sellable",
    title: "Resale open",
    message: "Shares of Baner Greens Villas can now be listed on the secondary market.",
    propertyId: "baner-greens-villas",
    daysAgo: 60,
    read: true,
  },
  {
    email: small.email,
    type: "new_property",
    title: "Coming soon: Marine Drive Square",
    message: "A new mixed-use property in Kochi opens for investment in three weeks.",
    propertyId: "marine-drive-square",
    daysAgo: 2,
    read: false,
  },
  {
    email: large.email,
    type: "kyc_approved",
    title: "KYC Approved",
    message: "You can now invest in properties.",
    propertyId: null,
    daysAgo: 371,
    read: true,
  },
  {
    email: large.email,
    type: "dividend_paid",
    title: "Dividend received",
    message: "₹14,250 from Andheri East Warehousing was added to your wallet.",
    propertyId: "andheri-east-warehousing",
    daysAgo: 45,
    read: true,
  },
  {
    email: large.email,
    type: "sell_request_expiring",
    title: "Listing expires soon",
    message: "Your listing of 10 shares in Assagao Palms Villa expires in 5 days.",
    propertyId: "assagao-palms-villa",
    daysAgo: 1,
    read: false,
  },
  {
    email: large.email,
    type: "new_property",
    title: "Coming soon: GIFT City Business Centre",
    message: "Office space in Gandhinagar's financial centre opens for investment next month.",
    propertyId: "gift-city-business-centre",
    daysAgo: 6,
    read: false,
  },
  {
    email: waitlist.email,
    type: "kyc_approved",
    title: "KYC Approved",
    message: "You can now invest in properties.",
    propertyId: null,
    daysAgo: 24,
    read: true,
  },
  {
    email: waitlist.email,
    type: "funds_added",
    title: "Funds added",
    message: "₹50,000 was added to your wallet.",
    propertyId: null,
    daysAgo: 6,
    read: false,
  },
  {
    email: explorer.email,
    type: "welcome",
    title: "Welcome to Aangan",
    message: "Your 14-day free trial has started. Browse properties and build your watchlist.",
    propertyId: null,
    daysAgo: 0,
    read: false,
  },
  {
    email: kycPending.email,
    type: "kyc_submitted",
    title: "KYC Submitted",
    message: "We are reviewing your documents; this usually takes one business day.",
    propertyId: null,
    daysAgo: 1,
    read: false,
  },
];

export type EventSeed = {
  email: string;
  name: string;
  propertyId: string | null;
  props: Record<string, string | number | boolean>;
  daysAgo: number;
  hour: number;
};

export const EVENTS: EventSeed[] = [
  { email: small.email, name: "login", propertyId: null, props: {}, daysAgo: 1, hour: 4 },
  { email: small.email, name: "properties_view", propertyId: null, props: {}, daysAgo: 1, hour: 5 },
  { email: small.email, name: "watchlist_toggle", propertyId: "marine-drive-square", props: { inWatchlist: true }, daysAgo: 12, hour: 6 },
  { email: small.email, name: "note_updated", propertyId: "hitec-city-arcade", props: {}, daysAgo: 40, hour: 7 },
  { email: large.email, name: "login", propertyId: null, props: {}, daysAgo: 0, hour: 3 },
  { email: large.email, name: "watchlist_toggle", propertyId: "park-street-plaza", props: { inWatchlist: true }, daysAgo: 8, hour: 8 },
  { email: large.email, name: "note_updated", propertyId: "park-street-plaza", props: {}, daysAgo: 8, hour: 8 },
  { email: waitlist.email, name: "login", propertyId: null, props: {}, daysAgo: 1, hour: 10 },
  { email: waitlist.email, name: "properties_view", propertyId: null, props: {}, daysAgo: 1, hour: 10 },
  { email: explorer.email, name: "login", propertyId: null, props: {}, daysAgo: 0, hour: 2 },
  { email: kycPending.email, name: "login", propertyId: null, props: {}, daysAgo: 1, hour: 11 },
];
