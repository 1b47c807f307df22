import { Links, Meta, Outlet, Scripts } from "@remix-run/react";

// The least a Remix document can be: no stylesheet, no session, no layout.
export default function FloorRoot() {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}
