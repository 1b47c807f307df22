import { streamAnalyticsCsv } from "~/domain/admin/dashboard/analytics-csv.server";
import { createPrismaClient } from "~/services/db.server";

/**
 * `node --expose-gc --import tsx bench/analytics-memory.ts <database url>`: streams the User
 * Analytics CSV of a (grown) platform in this process and prints the heap left after a full
 * garbage collection every 30 chunks (1,000 users each): flat when the export holds only the
 * batch in hand, whatever the number of users. The server's resident size in `bench:scale` is
 * the allocator's high-water mark, which does not shrink after the garbage is collected.
 */
const mb = (bytes: number) => Math.round(bytes / 1048576);

async function main() {
  const url = process.argv[2];
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!url || !gc) throw new Error("usage: node --expose-gc --import tsx bench/analytics-memory.ts <database url>");
  const prisma = createPrismaClient(url);
  try {
    gc();
    const before = process.memoryUsage();
    let bytes = 0;
    let chunks = 0;
    const started = performance.now();
    for await (const chunk of streamAnalyticsCsv(prisma)) {
      bytes += Buffer.byteLength(chunk as string);
      chunks++;
      if (chunks % 30 === 0) {
        gc();
        const now = process.memoryUsage();
        console.log(`after ${chunks} chunks: heap ${mb(now.heapUsed)} MB after collection, resident ${mb(now.rss)} MB`);
      }
    }
    console.log(
      `${chunks} chunks, ${mb(bytes)} MB of CSV in ${Math.round(performance.now() - started)} ms; before: heap ${mb(before.heapUsed)} MB, resident ${mb(before.rss)} MB`,
    );
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
