import { data } from "@remix-run/node";
import { saveNomination } from "~/domain/nominees/nominees.server";
import { paths } from "~/lib/paths";
import { readNomineeRows, validateNominees, type NomineeField, type NomineeFormErrors } from "~/lib/nominee-form";
import { getPrisma } from "~/services/db.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";
import { clearDraft, requireRecentSignIn } from "~/web/reauth.server";

export type NomineesActionData = { rows: Record<NomineeField, string>[]; errors: NomineeFormErrors | null; extraRow: boolean };

/**
 * The nominees form: "add a row" echoes what was typed with one more blank row (no JavaScript
 * needed); "save" and "opt out" need a recent sign-in (ADR 0030), then change the nomination.
 */
export async function submitNominees(request: Request, user: SessionUser) {
  const form = Object.fromEntries([...(await readFormData(request)).entries()].map(([k, v]) => [k, String(v)]));
  const rows = readNomineeRows(form);
  if (form.intent === "add-row") {
    // The rows typed so far must each be complete before another is added; the total may still be short.
    const checked = validateNominees(rows);
    const rowErrors = checked.ok ? null : checked.errors.rows.some((r) => Object.keys(r).length > 0) ? checked.errors : null;
    if (rowErrors || rows.length >= 10) {
      return data<NomineesActionData>(
        { rows, errors: rowErrors ?? { form: "You can name at most 10 nominees.", rows: [] }, extraRow: false },
        { status: 400 },
      );
    }
    return data<NomineesActionData>({ rows, errors: null, extraRow: true });
  }
  if (form.intent !== "save" && form.intent !== "opt-out")
    return data({ rows, errors: { form: "Unknown request", rows: [] }, extraRow: false }, { status: 400 });
  let choice: Parameters<typeof saveNomination>[1]["choice"];
  if (form.intent === "opt-out") {
    if (form.confirmOptOut !== "yes") {
      return data<NomineesActionData>(
        { rows, errors: { form: "Tick the declaration to opt out of nomination.", rows: [] }, extraRow: false },
        { status: 400 },
      );
    }
    choice = { optOut: true };
  } else {
    const checked = validateNominees(rows);
    if (!checked.ok) return data<NomineesActionData>({ rows, errors: checked.errors, extraRow: false }, { status: 400 });
    choice = { optOut: false, nominees: checked.nominees };
  }
  await requireRecentSignIn(request, user, { purpose: "nominees", returnTo: paths.dashboard.nominees(), draft: pickDraft(form) });
  await saveNomination(getPrisma(), { userId: user.id, email: user.email, choice });
  await clearDraft(user, "nominees");
  return redirectWithToast(paths.dashboard.nominees(), {
    kind: "success",
    title: choice.optOut ? "Opt-out recorded" : "Nominees saved",
    description: "We sent you an e-mail about this change.",
  });
}

function pickDraft(form: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form).filter(
      ([key, value]) => /^(name|relationship|dob|share|contact)_\d$|^intent$|^confirmOptOut$/.test(key) && value.length <= 200,
    ),
  );
}
