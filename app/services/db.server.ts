import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";

export { Prisma } from "~/generated/prisma/client";
export type { PrismaClient } from "~/generated/prisma/client";

export function createPrismaClient(databaseUrl: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 10 }) });
}

const holder = globalThis as typeof globalThis & { __aanganPrisma?: PrismaClient };

/** One client per process, created on first use from DATABASE_URL (set by server.ts). */
export function getPrisma(): PrismaClient {
  if (!holder.__aanganPrisma) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set; server.ts sets it before serving");
    holder.__aanganPrisma = createPrismaClient(url);
  }
  return holder.__aanganPrisma;
}

export async function disconnectPrisma(): Promise<void> {
  await holder.__aanganPrisma?.$disconnect();
  holder.__aanganPrisma = undefined;
}
