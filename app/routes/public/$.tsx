import { NotFoundPage } from "~/components/error-pages/not-found-page";

// Every path no other route claims lands here; the thrown 404 sets the status and the
// root error boundary renders the not-found page.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function UnknownPath() {
  return <NotFoundPage />;
}
