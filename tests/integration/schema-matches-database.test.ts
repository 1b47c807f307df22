import { readFileSync } from "node:fs";
import { get_dmmf } from "@prisma/prisma-schema-wasm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/setup/test-database";

// Proves that prisma/schema.prisma (what the client believes) and the database built
// by the hand-written migrations agree, in both directions. Prisma's own schema parser
// (the WASM build the CLI uses) reads the schema, so nothing here re-parses it by hand.

type DmmfField = {
  name: string;
  dbName?: string | null;
  kind: "scalar" | "enum" | "object";
  type: string;
  isList: boolean;
  isRequired: boolean;
  isId: boolean;
  isUnique: boolean;
  isUpdatedAt: boolean;
  hasDefaultValue: boolean;
  default?: unknown;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
};
type DmmfModel = { name: string; dbName: string | null; fields: DmmfField[]; primaryKey: { fields: string[] } | null };
type DmmfEnum = { name: string; dbName?: string | null; values: { name: string }[] };
type DmmfIndex = { model: string; type: "id" | "unique" | "normal" | "fulltext"; fields: { name: string }[] };

const dmmf = JSON.parse(get_dmmf(JSON.stringify({ prismaSchema: [["schema.prisma", readFileSync("prisma/schema.prisma", "utf8")]] })))
  .datamodel as { models: DmmfModel[]; enums: DmmfEnum[]; indexes: DmmfIndex[] };

const tableOf = (model: DmmfModel) => model.dbName ?? model.name;
const columnOf = (field: DmmfField) => field.dbName ?? field.name;
const modelByName = new Map(dmmf.models.map((m) => [m.name, m]));
const enumByName = new Map(dmmf.enums.map((e) => [e.name, e]));
const scalarFields = (model: DmmfModel) => model.fields.filter((f) => f.kind !== "object");
const columnsOf = (model: DmmfModel, names: string[]) => names.map((name) => columnOf(model.fields.find((f) => f.name === name)!));

/** The PostgreSQL type a Prisma field maps to, spelled as format_type() prints it. */
function expectedType(field: DmmfField): string {
  let base: string;
  if (field.kind === "enum") base = `"${enumByName.get(field.type)?.dbName ?? field.type}"`.replace(/^"([a-z_]+)"$/, "$1");
  else {
    const [native, args = []] = field.nativeType ?? [];
    switch (field.type) {
      case "String":
        base = native === "Uuid" ? "uuid" : native === "VarChar" ? `character varying(${args[0]})` : "text";
        break;
      case "Int":
        base = "integer";
        break;
      case "BigInt":
        base = "bigint";
        break;
      case "Boolean":
        base = "boolean";
        break;
      case "Json":
        base = "jsonb";
        break;
      case "Decimal":
        base = native === "Decimal" ? `numeric(${args[0]},${args[1]})` : "numeric(65,30)";
        break;
      case "DateTime":
        base =
          native === "Date"
            ? "date"
            : native === "Timestamptz"
              ? `timestamp(${args[0] ?? 6}) with time zone`
              : "timestamp(3) without time zone";
        break;
      default:
        throw new Error(`unmapped Prisma type ${field.type}`);
    }
  }
  return field.isList ? `${base}[]` : base;
}

type Column = { table: string; column: string; type: string; not_null: boolean; has_default: boolean };
type Index = { table: string; columns: string[]; unique: boolean; primary: boolean; partial: boolean };
type ForeignKey = { table: string; columns: string[]; ref_table: string; ref_columns: string[]; on_delete: string };

const db = useTestDatabase();
let client: pg.Client;
let columns: Column[];
let indexes: Index[];
let foreignKeys: ForeignKey[];
let enums: Map<string, string[]>;

beforeAll(async () => {
  client = new pg.Client({ connectionString: db.current.url });
  await client.connect();
  columns = (
    await client.query<Column>(`
      SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
             a.attnotnull AS not_null, a.atthasdef AS has_default
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`)
  ).rows;
  indexes = (
    await client.query<Index>(`
      SELECT t.relname AS table, i.indisunique AS unique, i.indisprimary AS primary, i.indpred IS NOT NULL AS partial,
             ARRAY(SELECT a.attname FROM unnest(i.indkey) WITH ORDINALITY k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS columns
        FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE n.nspname = 'public'`)
  ).rows;
  foreignKeys = (
    await client.query<ForeignKey>(`
      SELECT t.relname AS table, r.relname AS ref_table,
             ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS columns,
             ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS ref_columns,
             CASE c.confdeltype WHEN 'a' THEN 'NoAction' WHEN 'r' THEN 'Restrict' WHEN 'c' THEN 'Cascade'
                  WHEN 'n' THEN 'SetNull' WHEN 'd' THEN 'SetDefault' END AS on_delete
        FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid
        JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE c.contype = 'f' AND n.nspname = 'public'`)
  ).rows;
  const enumRows = (
    await client.query<{ name: string; values: string[] }>(`
      SELECT t.typname AS name, ARRAY(SELECT e.enumlabel FROM pg_enum e WHERE e.enumtypid = t.oid ORDER BY e.enumsortorder)::text[] AS values
        FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE t.typtype = 'e' AND n.nspname = 'public'`)
  ).rows;
  enums = new Map(enumRows.map((row) => [row.name, row.values]));
});
afterAll(async () => {
  await client.end();
});

describe("schema.prisma and the migrated database", () => {
  it("have exactly the same tables", () => {
    const tables = new Set(columns.map((c) => c.table));
    tables.delete("_prisma_migrations");
    expect([...tables].sort()).toEqual(dmmf.models.map(tableOf).sort());
  });

  it("have exactly the same enums and values", () => {
    const expected = Object.fromEntries(dmmf.enums.map((e) => [e.dbName ?? e.name, e.values.map((v) => v.name)]));
    expect(Object.fromEntries(enums)).toEqual(expected);
  });

  for (const model of dmmf.models) {
    describe(tableOf(model), () => {
      it("has the same columns with the same types, nullability and defaults", () => {
        const actual = columns
          .filter((c) => c.table === tableOf(model))
          .map((c) => ({ column: c.column, type: c.type, notNull: c.not_null, hasDefault: c.has_default }))
          .sort((a, b) => a.column.localeCompare(b.column));
        const expected = scalarFields(model)
          .map((f) => ({
            column: columnOf(f),
            type: expectedType(f),
            // Prisma lists are never null in practice; the migration makes that a NOT NULL.
            notNull: f.isRequired || f.isList,
            // @updatedAt is filled by the client; the migration also defaults it to now().
            hasDefault: f.hasDefaultValue || f.isUpdatedAt,
          }))
          .sort((a, b) => a.column.localeCompare(b.column));
        expect(actual).toEqual(expected);
      });

      it("has the primary key, unique and secondary indexes the schema declares", () => {
        const own = indexes.filter((i) => i.table === tableOf(model) && !i.partial);
        const idFields = model.primaryKey?.fields ?? model.fields.filter((f) => f.isId).map((f) => f.name);
        expect(own.filter((i) => i.primary).map((i) => i.columns)).toEqual([columnsOf(model, idFields)]);

        const declared = dmmf.indexes.filter((i) => i.model === model.name && i.type !== "id");
        const expectedUnique = declared
          .filter((i) => i.type === "unique")
          .map((i) =>
            columnsOf(
              model,
              i.fields.map((f) => f.name),
            ),
          );
        const expectedNormal = declared
          .filter((i) => i.type === "normal")
          .map((i) =>
            columnsOf(
              model,
              i.fields.map((f) => f.name),
            ),
          );
        const key = (cols: string[]) => cols.join(",");
        expect(
          own
            .filter((i) => i.unique && !i.primary)
            .map((i) => key(i.columns))
            .sort(),
        ).toEqual(expectedUnique.map(key).sort());
        expect(
          own
            .filter((i) => !i.unique)
            .map((i) => key(i.columns))
            .sort(),
        ).toEqual(expectedNormal.map(key).sort());
      });

      it("has the foreign keys the schema's relations declare", () => {
        const expected = model.fields
          .filter((f) => f.kind === "object" && (f.relationFromFields?.length ?? 0) > 0)
          .map((f) => {
            const target = modelByName.get(f.type)!;
            return {
              columns: columnsOf(model, f.relationFromFields!),
              ref_table: tableOf(target),
              ref_columns: columnsOf(target, f.relationToFields!),
              on_delete: f.relationOnDelete ?? (f.isRequired ? "Restrict" : "SetNull"),
            };
          })
          .sort((a, b) => a.columns.join().localeCompare(b.columns.join()));
        const actual = foreignKeys
          .filter((fk) => fk.table === tableOf(model))
          .map(({ columns: cols, ref_table, ref_columns, on_delete }) => ({ columns: cols, ref_table, ref_columns, on_delete }))
          .sort((a, b) => a.columns.join().localeCompare(b.columns.join()));
        expect(actual).toEqual(expected);
      });
    });
  }
});
