import type { Db } from "~/services/db.server";

export type ChecklistStepKey = "kyc" | "funds" | "invest" | "watchlist";

export type ChecklistStep = {
  key: ChecklistStepKey;
  title: string;
  /** Where the step's state stands, in the investor's words. */
  status: "done" | "in-progress" | "todo";
  detail: string;
  link: { label: string; to: string } | null;
};

/** `wallet` is null when the user has no dashboard yet (no Premium): the step then says so. */
type Links = { kyc: string; wallet: string | null; properties: string; watchlist: string };

/**
 * The investor's real first steps, read from their rows: KYC, money in the wallet, a
 * first investment, a property on the watchlist. Each undone step links to where it is done.
 */
export async function onboardingChecklist(db: Db, user: { id: string; kycStatus: string }, links: Links): Promise<ChecklistStep[]> {
  const [wallet, deposits, investments, saved] = await Promise.all([
    db.escrowBalance.findUnique({ where: { userId: user.id }, select: { availableBalance: true } }),
    db.transaction.count({ where: { userId: user.id, transactionType: "deposit", status: "completed" } }),
    db.investment.count({ where: { userId: user.id } }),
    db.watchlistEntry.count({ where: { userId: user.id } }),
  ]);
  const funded = deposits > 0 || (wallet?.availableBalance.gt(0) ?? false);

  const kyc: ChecklistStep =
    user.kycStatus === "approved"
      ? { key: "kyc", title: "Verify your identity (KYC)", status: "done", detail: "Approved. You can invest.", link: null }
      : user.kycStatus === "under_review"
        ? {
            key: "kyc",
            title: "Verify your identity (KYC)",
            status: "in-progress",
            detail: "Submitted and under review.",
            link: { label: "See your KYC status", to: links.kyc },
          }
        : {
            key: "kyc",
            title: "Verify your identity (KYC)",
            status: "todo",
            detail:
              user.kycStatus === "rejected"
                ? "Your last submission was not accepted; please submit again."
                : "Needed before you can invest.",
            link: { label: "Complete your KYC", to: links.kyc },
          };

  return [
    kyc,
    funded
      ? { key: "funds", title: "Add money to your wallet", status: "done", detail: "Your wallet has been funded.", link: null }
      : {
          key: "funds",
          title: "Add money to your wallet",
          status: "todo",
          detail: links.wallet ? "Transfer from your bank to your escrow wallet." : "Your wallet opens with Premium: upgrade below.",
          link: links.wallet ? { label: "Add funds", to: links.wallet } : null,
        },
    investments > 0
      ? {
          key: "invest",
          title: "Make your first investment",
          status: "done",
          detail: `${investments} ${investments === 1 ? "investment" : "investments"} so far.`,
          link: null,
        }
      : {
          key: "invest",
          title: "Make your first investment",
          status: "todo",
          detail: "Several properties start at one share.",
          link: { label: "Browse properties", to: links.properties },
        },
    saved > 0
      ? { key: "watchlist", title: "Follow properties on your watchlist", status: "done", detail: `${saved} saved.`, link: null }
      : {
          key: "watchlist",
          title: "Follow properties on your watchlist",
          status: "todo",
          detail: "Save properties to hear when they open or sell out.",
          link: { label: "Find properties to follow", to: links.watchlist },
        },
  ];
}
