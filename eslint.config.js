// ESLint flat config: typescript-eslint, react-hooks and jsx-a11y recommendations, and the
// layer rules of docs (DESIGN.md "Layers"): imports only go downward, routes → web → domain
// → services, anything → lib; components never import server modules except for types.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** An import of app/<folder>, through the "~/" alias or a relative path climbing to app/. */
const layer = (folder) => `^(~/|(\\.\\./)+)${folder}(/|$)`;
const restrict = (folders, message) => ({ regex: folders.map(layer).join("|"), message });
/**
 * What a render or a page's request must not pay for again and again (ADR 0026, docs/performance.md):
 * building an Intl formatter costs far more than formatting with one, and toLocaleString builds
 * one on every call (a page of rows paid it per row), so formatters are built once, at module
 * level (app/lib/formats.ts). And on Node 20 an object literal that starts with a spread
 * (`<a {...anchor} href={to}>` compiles to `{ ...anchor, href }`) is built on V8's slow path,
 * about four times the cost of one that starts with a named property (thirtieth pass).
 * Listed once: a later block's no-restricted-syntax replaces, not extends, an earlier one's.
 */
const perRequestCosts = [
  {
    selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
    message: "Format with a formatter built once (app/lib/formats.ts), not toLocale*String, which builds one per call.",
  },
  {
    selector: ":function NewExpression[callee.object.name='Intl']",
    message: "Build Intl formatters once at module level, not inside a function.",
  },
  {
    selector: "JSXOpeningElement > JSXSpreadAttribute:first-child",
    message:
      "Put a named attribute before the spread: props that start with a spread are built on V8's slow path (docs/performance.md, thirtieth pass).",
  },
];
/** Domain errors become answers in one place, ~/web/domain-reply.server: no route or web module branches on them itself. */
const domainErrorReplies = [
  {
    selector: "CallExpression[callee.name='isDomainError']",
    message: "Turn a domain error into the route's answer with replyToDomainError from ~/web/domain-reply.server.",
  },
  {
    selector: "BinaryExpression[operator='instanceof'][right.name='DomainError']",
    message: "Turn a domain error into the route's answer with replyToDomainError from ~/web/domain-reply.server.",
  },
];
const serverModule = {
  regex: "\\.server(\\.[cm]?[jt]sx?)?$",
  allowTypeImports: true,
  message: "Server modules stay on the server: import only their types here (import type).",
};

export default tseslint.config(
  {
    ignores: [
      "app/generated/**",
      "build/**",
      "bench/framework-floor/build/**",
      ".data/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "public/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // React code only: test helpers such as useTestDatabase are not hooks.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.server.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": ["error", ...perRequestCosts],
    },
  },

  {
    // The environment is read once and validated, in app/services/env.server.ts: everything
    // else asks getEnv(). The logger reads LOG_LEVEL and LOG_FORMAT itself because it must
    // work before (and when) the environment fails to parse.
    files: ["app/**", "server/**", "server.ts"],
    ignores: ["**/*.test.{ts,tsx}", "app/services/env.server.ts", "app/services/logger.server.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read the environment through getEnv() from ~/services/env.server, which parses and validates it.",
        },
      ],
    },
  },

  // The layers.
  {
    files: ["app/domain/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^@remix-run/", message: "The domain knows nothing of HTTP: return values or throw a DomainError." },
            restrict(["web", "routes", "components"], "The domain never imports the layers above it."),
          ],
        },
      ],
    },
  },
  {
    files: ["app/domain/**"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "The domain takes its settings as arguments; read the environment in ~/services/env.server.",
        },
      ],
      "no-restricted-globals": [
        "error",
        { name: "Response", message: "The domain knows nothing of HTTP: return values or throw a DomainError; app/web builds replies." },
      ],
    },
  },
  {
    files: ["app/services/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            restrict(["domain"], "Services are adapters and know no business rule: never import app/domain."),
            restrict(["web", "routes", "components"], "Services never import the layers above them."),
          ],
        },
      ],
    },
  },
  {
    files: ["app/web/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [restrict(["routes"], "The web layer never imports route modules.")] }],
    },
  },
  {
    files: ["app/components/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [serverModule, restrict(["routes"], "Components never import route modules.")] }],
    },
  },
  {
    files: ["app/lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            serverModule,
            restrict(
              ["web", "routes", "components", "domain", "services"],
              "app/lib holds pure helpers: it imports nothing from the app's layers.",
            ),
          ],
        },
      ],
    },
  },
  {
    files: ["app/routes/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='formData']",
          message: "Read forms with readFormData from ~/web/form-data.server, which answers 400 to a form that cannot be read.",
        },
        ...domainErrorReplies,
        ...perRequestCosts,
      ],
    },
  },
  {
    files: ["app/web/**"],
    ignores: ["app/web/domain-reply.server.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": ["error", ...domainErrorReplies, ...perRequestCosts],
    },
  },
);
