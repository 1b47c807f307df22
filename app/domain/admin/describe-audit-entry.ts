/**
 * The audit log in words: each entry becomes one sentence ("Asha Rao granted admin rights to
 * Ravi Kumar (ravi@example.in).") and a list of what changed ("Tier: explorer → investor"),
 * so an admin reads what happened instead of decoding JSON.
 */
export type AuditEntryInput = {
  admin: string;
  action: string;
  targetType: string;
  /** The target as a person reads it: a name, a property title, a request reference. */
  target: string;
  details: unknown;
};

export type DescribedAuditEntry = { sentence: string; changes: string[]; note: string | null };

type Details = { before: Record<string, unknown> | null; after: Record<string, unknown> | null; note: string | null };

function readDetails(details: unknown): Details {
  const object = (value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  const root = object(details) ?? {};
  const hasShape = "before" in root || "after" in root || "note" in root;
  return {
    before: hasShape ? object(root.before) : null,
    after: hasShape ? object(root.after) : object(details),
    note: typeof root.note === "string" && root.note.trim() ? root.note.trim() : null,
  };
}

const TIER_WORDS: Record<string, string> = {
  explorer: "Explorer",
  waitlist_player: "Waitlist Player",
  investor: "Investor",
  small_investor: "Small Investor",
  large_investor: "Large Investor",
};

const text = (value: unknown): string => {
  if (value === null || value === undefined || value === "") return "empty";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length === 0 ? "none" : `${value.length} item${value.length === 1 ? "" : "s"}`;
  if (typeof value === "object") return "(details)";
  const words = String(value);
  return TIER_WORDS[words] ?? words.replace(/_/g, " ");
};

/** "tierOverrideByAdmin" and "kyc_status" read as "Tier override by admin" and "Kyc status". */
function label(key: string): string {
  const words = key
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function changes(details: Details): string[] {
  const before = details.before ?? {};
  const after = details.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const lines: string[] = [];
  for (const key of keys) {
    const had = key in before;
    const has = key in after;
    if (had && has) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
        lines.push(`${label(key)}: ${text(before[key])} → ${text(after[key])}`);
    } else if (has) lines.push(`${label(key)}: ${text(after[key])}`);
    else lines.push(`${label(key)} was ${text(before[key])}`);
  }
  return lines;
}

type Phrase = (entry: AuditEntryInput, details: Details) => string;

const after = (details: Details, key: string) => text(details.after?.[key]);

const PHRASES: Record<string, Phrase> = {
  "user.tier_override": (e, d) => `set the tier of ${e.target} to ${after(d, "tier")} (override)`,
  "user.tier_auto_calc": (e, d) => `removed the tier override of ${e.target}; the tier is now ${after(d, "tier")}`,
  "user.admin_grant": (e) => `granted admin rights to ${e.target}`,
  "user.admin_revoke": (e) => `removed admin rights from ${e.target}`,
  "user.subscription_activate": (e) => `activated the subscription of ${e.target}`,
  "user.subscription_deactivate": (e) => `deactivated the subscription of ${e.target}`,
  "user.sessions_end": (e, d) => `signed ${e.target} out everywhere (${after(d, "sessionsEnded")} session(s) ended)`,
  "kyc.approve": (e) => `approved the KYC of ${e.target}`,
  "kyc.reject": (e, d) => `rejected the KYC of ${e.target}${d.after?.reason ? `: ${text(d.after.reason)}` : ""}`,
  "property.create": (e) => `created the property ${e.target}`,
  "property.update": (e) => `edited the property ${e.target}`,
  "property.delete": (e) => `permanently deleted the property ${e.target}`,
  "property.images_add": (e) => `added images to ${e.target}`,
  "property.image_remove": (e) => `removed an image from ${e.target}`,
  "property.image_cover": (e) => `chose a new cover image for ${e.target}`,
  "property.image_reorder": (e) => `reordered the images of ${e.target}`,
  "property.set_roi": (e, d) =>
    d.after?.actualRoiPercentage === null || d.after?.actualRoiPercentage === undefined
      ? `cleared the actual ROI of ${e.target} (hidden from investors)`
      : `set the actual ROI of ${e.target} to ${after(d, "actualRoiPercentage")}%`,
  "property.enable_share_selling": (e) => `enabled share selling for ${e.target}`,
  "property.disable_share_selling": (e) => `disabled share selling for ${e.target}`,
  "document.upload": (e) => `uploaded a document to ${e.target}`,
  "document.delete": (e) => `deleted a document of ${e.target}`,
  "distribution.declare": (e, d) => `declared a distribution of ₹${after(d, "amount")} (${e.target})`,
  "ticket.respond": (e) => `responded to ${e.target}`,
  "approval.request": (e) => `asked a second admin to approve a change to ${e.target}`,
  "approval.approve": (e) => `approved the waiting request on ${e.target}`,
  "approval.reject": (e) => `rejected the waiting request on ${e.target}`,
  "reservation.settle": (e) => `settled ${e.target}`,
  "reservation.cancel": (e) => `cancelled ${e.target} and released its hold`,
  "market.cleanup_expired": () => "cleaned up expired holds and reservations",
};

const TICKET_STATUS_WORDS: Record<string, string> = {
  open: "reopened",
  in_progress: "marked in progress",
  resolved: "resolved",
  closed: "closed",
};

function phraseFor(entry: AuditEntryInput, details: Details): string {
  const known = PHRASES[entry.action];
  if (known) return known(entry, details);
  const ticketStatus = entry.action.startsWith("ticket.") ? TICKET_STATUS_WORDS[entry.action.slice("ticket.".length)] : undefined;
  if (ticketStatus) return `${ticketStatus} ${entry.target}`;
  // An action without its own words still reads as a sentence.
  return `did "${entry.action.replace(/[._]/g, " ")}" on ${entry.target}`;
}

export function describeAuditEntry(entry: AuditEntryInput): DescribedAuditEntry {
  const details = readDetails(entry.details);
  return { sentence: `${entry.admin} ${phraseFor(entry, details)}.`, changes: changes(details), note: details.note };
}
