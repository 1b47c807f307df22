/** The demo personas the stand-in offers; prisma's demo seed creates their profiles. */
export const DEMO_PERSONAS = [
  { email: "explorer@demo.aangan.in", summary: "Explorer on a free trial" },
  { email: "expired@demo.aangan.in", summary: "Explorer whose trial has ended" },
  { email: "waitlist@demo.aangan.in", summary: "Subscribed waitlist player, no investments yet" },
  { email: "small@demo.aangan.in", summary: "Small investor" },
  { email: "large@demo.aangan.in", summary: "Large investor" },
  { email: "admin@demo.aangan.in", summary: "Administrator" },
  { email: "kyc-pending@demo.aangan.in", summary: "Investor whose KYC is under review" },
] as const;
