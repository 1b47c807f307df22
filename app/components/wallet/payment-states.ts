/** How a gateway payment's state reads to the investor (ADR 0061), on its page and in the wallet. */
export const PAYMENT_STATES: Record<string, { label: string; tone: string; next: string }> = {
  created: {
    label: "Waiting for payment",
    tone: "bg-amber-50 text-amber-900",
    next: "Pay on the payment page; your wallet is credited as soon as your bank confirms.",
  },
  pending: {
    label: "Waiting for your bank",
    tone: "bg-amber-50 text-amber-900",
    next: "Your bank has not confirmed the payment yet. This page shows it as soon as it does.",
  },
  paid: { label: "Credited", tone: "bg-emerald-50 text-emerald-900", next: "The money is in your wallet." },
  failed: { label: "Failed", tone: "bg-red-50 text-red-900", next: "Nothing was added to your wallet. You can try paying again." },
  quarantined: {
    label: "Under review",
    tone: "bg-red-50 text-red-900",
    next: "The amount paid differs from the amount ordered. Our team will credit or refund it and tell you.",
  },
};

export const paymentState = (status: string) => PAYMENT_STATES[status] ?? PAYMENT_STATES.created!;
