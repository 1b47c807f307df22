import { INDIA_REGIONS } from "~/lib/india-states";
import type { SeedContext } from "./context";
import { ALL_PERSONAS, userId } from "./personas";

const BIRTH_YEARS = [1984, 1991, 1979, 1988, 1995, 1986, 1993];
const STREETS = [
  "Sunrise Apartments, MG Road",
  "Lakeview Towers, Ring Road",
  "Palm Grove Society, Station Road",
  "Green Park Residency, Link Road",
];

/** Profiles with an (empty) wallet row each; money arrives later through the ledger. */
export async function writePeople({ tx, clock }: SeedContext): Promise<void> {
  await tx.userProfile.createMany({
    skipDuplicates: true,
    data: ALL_PERSONAS.map((persona, index) => {
      // Whoever has submitted KYC has filled in the wizard's personal details.
      const submitted = persona.kycStatus !== "pending";
      return {
        id: userId(persona.email),
        email: persona.email,
        fullName: persona.fullName,
        phone: persona.phone,
        dateOfBirth: submitted ? new Date(Date.UTC(BIRTH_YEARS[index % BIRTH_YEARS.length]!, index % 12, 3 + index)) : null,
        address: submitted ? `Flat ${101 + index * 3}, ${STREETS[index % STREETS.length]}` : null,
        city: persona.city,
        state: persona.state,
        // The GST place of supply is the state code KYC records from its list.
        stateCode: INDIA_REGIONS.find((region) => region.name === persona.state)?.code ?? null,
        postalCode: submitted ? String(400001 + index * 1111) : null,
        country: "India",
        tier: persona.tier,
        subscriptionActive: persona.subscriptionActive,
        trialExpiresAt: clock.daysAhead(persona.trialEndsInDays),
        kycStatus: persona.kycStatus,
        kycSubmittedAt: persona.kycSubmittedDaysAgo === null ? null : clock.daysAgo(persona.kycSubmittedDaysAgo),
        kycApprovedAt: persona.kycApprovedDaysAgo === null ? null : clock.daysAgo(persona.kycApprovedDaysAgo),
        isAdmin: persona.isAdmin,
        // A demo admin has been one since the profile was made (an admin approves nothing in the first 24 hours).
        adminSince: persona.isAdmin ? clock.daysAgo(persona.createdDaysAgo, 4) : null,
        lastActivityAt: clock.daysAgo(persona.lastActiveDaysAgo, 9),
        createdAt: clock.daysAgo(persona.createdDaysAgo, 4),
        updatedAt: clock.daysAgo(persona.lastActiveDaysAgo, 9),
      };
    }),
  });
  await tx.escrowBalance.createMany({
    skipDuplicates: true,
    data: ALL_PERSONAS.map((persona) => ({ userId: userId(persona.email) })),
  });
}
