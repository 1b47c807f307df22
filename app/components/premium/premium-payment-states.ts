/** How a Premium payment's state reads to the payer (ADR 0063): the wallet's words would promise a credit that never comes. */
const PREMIUM_PAYMENT_STATES: Record<string, { label: string; tone: string; next: string }> = {
  created: {
    label: "Waiting for payment",
    tone: "bg-amber-50 text-amber-900",
    next: "Pay below; Premium starts as soon as your bank confirms.",
  },
  pending: {
    label: "Waiting for your bank",
    tone: "bg-amber-50 text-amber-900",
    next: "Your bank has not confirmed the payment yet. This page shows it as soon as it does.",
  },
  paid: { label: "Paid", tone: "bg-emerald-50 text-emerald-900", next: "Premium is on. Your receipt is on the Premium page." },
  failed: { label: "Failed", tone: "bg-red-50 text-red-900", next: "Nothing was charged for Premium. You can try paying again." },
  quarantined: {
    label: "Under review",
    tone: "bg-red-50 text-red-900",
    next: "The amount paid differs from the price. Our team will refund it or switch Premium on, and tell you.",
  },
};

export const premiumPaymentState = (status: string) => PREMIUM_PAYMENT_STATES[status] ?? PREMIUM_PAYMENT_STATES.created!;
