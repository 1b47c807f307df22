import type { KycStatus, Tier } from "~/generated/prisma/enums";
import { demoId } from "./ids";

export type PersonaSeed = {
  key: string;
  email: string;
  fullName: string;
  phone: string;
  city: string;
  state: string;
  tier: Tier;
  subscriptionActive: boolean;
  /** Trial end relative to today in days; negative means it has ended. */
  trialEndsInDays: number;
  kycStatus: KycStatus;
  kycSubmittedDaysAgo: number | null;
  kycApprovedDaysAgo: number | null;
  isAdmin: boolean;
  createdDaysAgo: number;
  lastActiveDaysAgo: number;
};

export const userId = (email: string) => demoId(`user:${email}`);

type Approved = Pick<PersonaSeed, "kycStatus" | "kycSubmittedDaysAgo" | "kycApprovedDaysAgo">;
const approved = (submitted: number): Approved => ({
  kycStatus: "approved",
  kycSubmittedDaysAgo: submitted,
  kycApprovedDaysAgo: submitted - 1,
});

/** The people a demo visitor signs in as (the Google stand-in lists them). */
export const PERSONAS = {
  explorer: {
    key: "explorer",
    email: "explorer@demo.aangan.in",
    fullName: "Arjun Mehta",
    phone: "+91 98200 11234",
    city: "Mumbai",
    state: "Maharashtra",
    tier: "explorer",
    subscriptionActive: false,
    trialEndsInDays: 14,
    kycStatus: "pending",
    kycSubmittedDaysAgo: null,
    kycApprovedDaysAgo: null,
    isAdmin: false,
    createdDaysAgo: 0,
    lastActiveDaysAgo: 0,
  },
  expired: {
    key: "expired",
    email: "expired@demo.aangan.in",
    fullName: "Kavya Iyer",
    phone: "+91 94440 52781",
    city: "Chennai",
    state: "Tamil Nadu",
    tier: "explorer",
    subscriptionActive: false,
    trialEndsInDays: -1,
    kycStatus: "pending",
    kycSubmittedDaysAgo: null,
    kycApprovedDaysAgo: null,
    isAdmin: false,
    createdDaysAgo: 15,
    lastActiveDaysAgo: 3,
  },
  waitlist: {
    key: "waitlist",
    email: "waitlist@demo.aangan.in",
    fullName: "Rohan Desai",
    phone: "+91 99870 33412",
    city: "Pune",
    state: "Maharashtra",
    tier: "waitlist_player",
    subscriptionActive: true,
    trialEndsInDays: -16,
    ...approved(25),
    isAdmin: false,
    createdDaysAgo: 30,
    lastActiveDaysAgo: 1,
  },
  small: {
    key: "small",
    email: "small@demo.aangan.in",
    fullName: "Sneha Kulkarni",
    phone: "+91 97300 28456",
    city: "Pune",
    state: "Maharashtra",
    tier: "small_investor",
    subscriptionActive: true,
    trialEndsInDays: -356,
    ...approved(366),
    isAdmin: false,
    createdDaysAgo: 370,
    lastActiveDaysAgo: 1,
  },
  large: {
    key: "large",
    email: "large@demo.aangan.in",
    fullName: "Vikram Malhotra",
    phone: "+91 98110 74520",
    city: "Gurugram",
    state: "Haryana",
    tier: "large_investor",
    subscriptionActive: true,
    trialEndsInDays: -362,
    ...approved(372),
    isAdmin: false,
    createdDaysAgo: 376,
    lastActiveDaysAgo: 0,
  },
  admin: {
    key: "admin",
    email: "admin@demo.aangan.in",
    fullName: "Neha Kapoor",
    phone: "+91 80471 90000",
    city: "Bengaluru",
    state: "Karnataka",
    tier: "waitlist_player",
    subscriptionActive: true,
    trialEndsInDays: -406,
    ...approved(412),
    isAdmin: true,
    createdDaysAgo: 420,
    lastActiveDaysAgo: 0,
  },
  /** The second admin: approves the demo property sale's two steps (four-eyes, ADR 0071). */
  opsAdmin: {
    key: "ops-admin",
    email: "ops-admin@demo.aangan.in",
    fullName: "Rohan Deshpande",
    phone: "+91 80471 90011",
    city: "Bengaluru",
    state: "Karnataka",
    tier: "waitlist_player",
    subscriptionActive: true,
    trialEndsInDays: -380,
    ...approved(395),
    isAdmin: true,
    createdDaysAgo: 400,
    lastActiveDaysAgo: 3,
  },
  kycPending: {
    key: "kyc-pending",
    email: "kyc-pending@demo.aangan.in",
    fullName: "Farhan Qureshi",
    phone: "+91 90040 61327",
    city: "Hyderabad",
    state: "Telangana",
    tier: "explorer",
    subscriptionActive: false,
    trialEndsInDays: 9,
    kycStatus: "under_review",
    kycSubmittedDaysAgo: 1,
    kycApprovedDaysAgo: null,
    isAdmin: false,
    createdDaysAgo: 5,
    lastActiveDaysAgo: 1,
  },
} satisfies Record<string, PersonaSeed>;

const BULK_NAMES = [
  "Aditya Rao",
  "Meera Nair",
  "Karan Singhania",
  "Pooja Bhatt",
  "Siddharth Jain",
  "Ananya Ghosh",
  "Rahul Verma",
  "Ishita Chatterjee",
  "Nikhil Reddy",
  "Divya Menon",
  "Harsh Agarwal",
  "Tanvi Joshi",
  "Manish Gupta",
  "Ritika Bansal",
  "Sameer Khan",
  "Lakshmi Subramanian",
  "Gaurav Sethi",
  "Nandini Pillai",
  "Abhishek Das",
  "Shreya Kapoor",
];

/**
 * Other subscribed investors who own the bulk of the sold shares, so every property's
 * funding state is backed by real investments and ledger journals.
 */
export const BULK_INVESTORS: PersonaSeed[] = BULK_NAMES.map((fullName, index) => {
  const number = String(index + 1).padStart(2, "0");
  return {
    key: `investor${number}`,
    email: `investor${number}@demo.aangan.in`,
    fullName,
    phone: `+91 98${300 + index * 7} ${41000 + index * 523}`,
    city: ["Mumbai", "Bengaluru", "Delhi", "Hyderabad", "Chennai", "Pune", "Kolkata", "Ahmedabad"][index % 8]!,
    state: ["Maharashtra", "Karnataka", "Delhi", "Telangana", "Tamil Nadu", "Maharashtra", "West Bengal", "Gujarat"][index % 8]!,
    tier: "large_investor",
    subscriptionActive: true,
    trialEndsInDays: -400,
    ...approved(412),
    isAdmin: false,
    createdDaysAgo: 414,
    lastActiveDaysAgo: 2 + (index % 20),
  };
});

export const ALL_PERSONAS: PersonaSeed[] = [...Object.values(PERSONAS), ...BULK_INVESTORS];
