import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layer rules of eslint.config.js, run by ESLint itself on small sources placed (by
// file path only) in each layer: each rule must refuse what DESIGN.md's "Layers" forbids and
// let the allowed forms through. Without these, a weakened config would still lint clean.

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../..") });

/** The ids of the rules that fired on `code` as if it were the file at `filePath`. */
async function firedRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe("the layer rules", () => {
  it.each([
    ["@remix-run/node", 'import { redirect } from "@remix-run/node";\nexport const go = () => redirect("/");\n'],
    ["app/web", 'import { requireUser } from "~/web/guards.server";\nexport const guard = requireUser;\n'],
    ["app/web, by a relative path", 'import { requireUser } from "../../web/guards.server";\nexport const guard = requireUser;\n'],
    ["a route", 'import { loader } from "~/routes/properties._index";\nexport const read = loader;\n'],
    ["a component", 'import { Field } from "~/components/ui/field";\nexport const field = Field;\n'],
  ])("keep %s out of app/domain", async (_what, code) => {
    expect(await firedRules("app/domain/example/rule.server.ts", code)).toContain("no-restricted-imports");
  });

  it("refuse process.env and a built Response in app/domain", async () => {
    expect(await firedRules("app/domain/example/rule.server.ts", "export const url = process.env.DATABASE_URL;\n")).toContain(
      "no-restricted-properties",
    );
    expect(
      await firedRules("app/domain/example/rule.server.ts", 'export const answer = () => new Response("no", { status: 400 });\n'),
    ).toContain("no-restricted-globals");
  });

  it("let a domain module use services, lib and its own errors", async () => {
    const code = [
      'import { runTransaction, type PrismaClient } from "~/services/db.server";',
      'import { DomainError } from "~/domain/errors";',
      'import { formatINR } from "~/lib/money";',
      "export async function act(db: PrismaClient) {",
      '  return runTransaction(db, "act", async () => { if (!formatINR) throw new DomainError("X", "No", 409); });',
      "}",
      "",
    ].join("\n");
    expect(await firedRules("app/domain/example/rule.server.ts", code)).toEqual([]);
  });

  it("keep app/domain out of app/services", async () => {
    const code = 'import { DomainError } from "~/domain/errors";\nexport const error = DomainError;\n';
    expect(await firedRules("app/services/example.server.ts", code)).toContain("no-restricted-imports");
  });

  it("let components import only the types of server modules", async () => {
    const value = 'import { getPrisma } from "~/services/db.server";\nexport const db = getPrisma;\n';
    const typeOnly = 'import type { Db } from "~/services/db.server";\nexport type Props = { db: Db };\n';
    expect(await firedRules("app/components/example/widget.ts", value)).toContain("no-restricted-imports");
    expect(await firedRules("app/components/example/widget.ts", typeOnly)).toEqual([]);
  });

  it("answer domain errors only through replyToDomainError", async () => {
    const branching = [
      'import { isDomainError } from "~/domain/errors";',
      "export function answer(error: unknown) {",
      "  if (!isDomainError(error)) throw error;",
      "  return error.message;",
      "}",
      "",
    ].join("\n");
    const instance = [
      'import { DomainError } from "~/domain/errors";',
      "export const answer = (error: unknown) => (error instanceof DomainError ? error.message : null);",
      "",
    ].join("\n");
    for (const file of ["app/routes/example.tsx", "app/web/example.server.ts"]) {
      expect(await firedRules(file, branching), file).toContain("no-restricted-syntax");
      expect(await firedRules(file, instance), file).toContain("no-restricted-syntax");
    }
    expect(await firedRules("app/web/domain-reply.server.ts", branching)).toEqual([]);
    const helped = [
      'import { replyToDomainError } from "~/web/domain-reply.server";',
      "export async function answer(error: unknown) {",
      "  return replyToDomainError(error, null, { asText: true });",
      "}",
      "",
    ].join("\n");
    expect(await firedRules("app/web/example.server.ts", helped)).toEqual([]);
    // The routes keep their own rule beside this one.
    const formData = "export const read = (request: Request) => request.formData();\n";
    expect(await firedRules("app/routes/example.tsx", formData)).toContain("no-restricted-syntax");
  });

  it("read the environment only through the parsed env module", async () => {
    const code = "export const port = process.env.PORT;\n";
    for (const file of ["app/web/example.server.ts", "app/routes/example.tsx", "app/services/example.server.ts", "server/example.ts"]) {
      expect(await firedRules(file, code), file).toContain("no-restricted-properties");
    }
    expect(await firedRules("app/services/env.server.ts", code)).toEqual([]);
  });
});
