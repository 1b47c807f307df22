/**
 * The request's form, or a 400 the route answers with. The server in front already
 * refused bodies that are not forms (415) and bodies over the limit (413); what is left
 * to fail here is a form that claims to be one and is malformed (a broken multipart
 * boundary, a body cut short), or a request that reached the app some other way.
 *
 * A thrown Response (not `data()`): a resource route such as POST /auth/google has no
 * error boundary, and Remix answers a thrown `data()` there with "Unexpected Server Error"
 * and an error in the log; a Response is sent as it is (found by the action fuzz, issue 16).
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read. Please try again.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
