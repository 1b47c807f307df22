import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

/** A fresh nonce per response; Remix puts it on every script it renders. */
export const assignCspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

const nonceSource = (_req: unknown, res: unknown) => `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;

/**
 * Helmet with an enforced CSP. Scripts and the inlined stylesheet run only with this response's nonce; nothing
 * may frame the app. In development Vite's HMR client needs inline scripts and a
 * websocket, so the policy is report-only there.
 */
export function securityHeaders({
  production,
  development,
  formTargets = [],
}: {
  production: boolean;
  development: boolean;
  /** Other origins a form may lead to, e.g. Google's consent page behind POST /auth/google. */
  formTargets?: string[];
}) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      reportOnly: development,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", nonceSource],
        // The app's stylesheet is inlined in each page with this response's nonce (ADR 0042).
        "style-src": ["'self'", nonceSource],
        // React renders style="" attributes (progress bars); they cannot run code.
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": development ? ["'self'", "ws:", "wss:"] : ["'self'"],
        "manifest-src": ["'self'"],
        "worker-src": ["'self'"],
        "object-src": ["'none'"],
        // No <base> element is ever needed; 'none' stops an injected one redirecting relative URLs.
        "base-uri": ["'none'"],
        "form-action": ["'self'", ...formTargets],
        "frame-ancestors": ["'none'"],
        ...(production ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: production ? { maxAge: 63072000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}

/** Powerful features the app never uses; the camera is the exception on the KYC page. */
const DENIED_FEATURES = ["microphone", "geolocation", "payment", "usb", "display-capture", "screen-wake-lock"];
/** The KYC wizard's selfie step offers the front camera (`<input capture="user">`); nowhere else may use it. */
const CAMERA_PAGES = /^\/kyc\/?$/;

/**
 * Permissions-Policy on every response: the camera only on /kyc (the selfie step), and
 * never in a frame of another origin; the other features listed are off everywhere.
 */
export function permissionsPolicy(): RequestHandler {
  const rest = [...DENIED_FEATURES.map((feature) => `${feature}=()`), "fullscreen=(self)"].join(", ");
  return (req, res, next) => {
    res.setHeader("Permissions-Policy", `camera=${CAMERA_PAGES.test(req.path) ? "(self)" : "()"}, ${rest}`);
    next();
  };
}
