import { data } from "@remix-run/node";

/**
 * The request's form, or a 400 the route answers with. The server in front already
 * refused bodies that are not forms (415) and bodies over the limit (413); what is left
 * to fail here is a form that claims to be one and is malformed (a broken multipart
 * boundary, a body cut short).
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("The form could not be read. Please try again.", { status: 400 });
  }
}
