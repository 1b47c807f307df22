import { Link } from "@remix-run/react";
import type { MarketRefusal } from "./market-action-data";

/** A refused market form's message, where the form is, with the link a duplicate submit earned. */
export function MarketError({ reply }: { reply: MarketRefusal | null }) {
  if (!reply) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {reply.message}{" "}
      {reply.link ? (
        <Link to={reply.link} className="font-semibold underline">
          View it
        </Link>
      ) : null}
    </p>
  );
}
