import { hasForbiddenFormCharacter } from "~/lib/control-characters";

export const UNREADABLE_FORM_MESSAGE = "The form could not be read. Please try again.";
export const FORBIDDEN_CHARACTER_MESSAGE =
  "The form contains characters it cannot accept (control characters). Please remove them and try again.";

/**
 * The answer to a form the app will not read, as a thrown Response (not `data()`): a resource
 * route such as POST /auth/google has no error boundary, and Remix answers a thrown `data()`
 * there with "Unexpected Server Error" and an error in the log; a Response is sent as it is
 * (found by the action fuzz; ADR 0058).
 */
export function formRefusal(message = UNREADABLE_FORM_MESSAGE): Response {
  return new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * Throws the 400 for text a form may not carry: NUL (which PostgreSQL refuses, a 500 further
 * down) and the other control characters, tabs and line breaks excepted. Every form the app
 * reads, url-encoded or multipart, passes its names and values through here once.
 */
export function refuseForbiddenCharacters(...texts: string[]): void {
  if (texts.some(hasForbiddenFormCharacter)) throw formRefusal(FORBIDDEN_CHARACTER_MESSAGE);
}

/**
 * The request's form, or a 400 the route answers with. The server in front already
 * refused bodies that are not forms (415) and bodies over the limit (413); what is left
 * to fail here is a form that claims to be one and is malformed (a broken multipart
 * boundary, a body cut short), one carrying control characters, or a request that reached
 * the app some other way.
 */
export async function readFormData(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw formRefusal();
  }
  for (const [name, value] of form) refuseForbiddenCharacters(name, typeof value === "string" ? value : value.name);
  return form;
}
