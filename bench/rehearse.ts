// `npm run rehearse` (issue 33, ADR 0080): the topology of docs/operations.md on this machine with
// Debian's packages, under faults. A PostgreSQL 15 primary and a streaming replica
// (pg_basebackup -R), the primary's WAL archived, PgBouncer in transaction mode in front of the
// primary, three app hosts (server.ts, production build) in their own network namespaces behind
// HAProxy checking /readyz, and S3-compatible storage (s3rver) for private files. Money operations
// go through HAProxy while it kills one app host, restarts PgBouncer, and stops the primary and
// promotes the replica (PgBouncer re-pointed); beside them, investors go through the KYC wizard,
// their documents written to the bucket by one host and read back through another. Then the
// ledger and the market's conservation checks run on the surviving primary; a base backup taken
// under the load is restored with the archived WAL and checked the same way; one table is
// printed. Without `ip netns` (or with REHEARSE_NETNS=0) the app hosts are processes on loopback.
// Root only (PostgreSQL runs as the postgres user, PgBouncer drops to it); not part of `npm test`.
// REHEARSE_LOAD_SECONDS (default 75) and REHEARSE_CLIENTS (default 8) change the load.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { appendFileSync, chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createPrismaClient } from "~/services/db.server";
import { findFreePort } from "~/services/free-port.server";
import { createSession, createUser } from "../tests/setup/factories";
import { startLocalS3 } from "../tests/setup/local-s3";
import { findViolations, seedChaosWorld } from "../tests/setup/money-chaos";
import { reviewedTotal } from "../tests/setup/reviewed-total";

const SECRET = "rehearsal-session-secret-0123456789abcdefgh";
process.env.SESSION_SECRET = SECRET;
const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const LOAD_SECONDS = Number(process.env.REHEARSE_LOAD_SECONDS ?? 75);
const CLIENTS = Number(process.env.REHEARSE_CLIENTS ?? 8);

function findBinary(name: string): string | undefined {
  const dirs = [PG_BIN, ...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/usr/local/sbin", "/sbin"];
  return dirs.map((dir) => path.join(dir, name)).find((file) => existsSync(file));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const started = Date.now();
const stamp = (at = Date.now()) => ((at - started) / 1000).toFixed(1).padStart(6);
const say = (line: string) => console.log(`[${stamp()}s] ${line}`);

// Everything started is stopped on the way out, in reverse order, also on Ctrl-C or a failure.
const cleanups: (() => void)[] = [];
let cleanedUp = false;
function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const step of cleanups.reverse()) {
    try {
      step();
    } catch {
      // Keep going: the next piece must still be stopped.
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`rehearse: ${signal}: stopping everything it started`);
    cleanUp();
    process.exit(130);
  });
}

function asPostgres(binary: string, args: string[]) {
  const result = spawnSync("runuser", ["-u", "postgres", "--", binary, ...args], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${path.basename(binary)} ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
}
// The same, without stopping the event loop (the load keeps running while it works).
function asPostgresAsync(binary: string, args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn("runuser", ["-u", "postgres", "--", binary, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(binary)} ${args.join(" ")} failed (${code}):\n${output}`)),
    );
  });
}

// The addresses PostgreSQL and PgBouncer listen on: loopback, and the bridge's address when the
// app hosts are in network namespaces.
let listenAddresses = "127.0.0.1";

// The app hosts' network: three namespaces, each with one end of a veth pair whose other end is
// on a bridge in this (the root) namespace that has an address of the same /24. PostgreSQL,
// PgBouncer and HAProxy stay here; the apps reach the first two, and HAProxy the apps, through
// the bridge. undefined when it cannot be made (then the apps are processes on loopback ports).
type HostNetwork = { bridgeAddress: string; namespaces: string[]; addresses: string[]; subnet: string };
function ip(args: string[]) {
  const result = spawnSync("ip", args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`ip ${args.join(" ")}: ${result.stderr.trim() || result.error?.message}`);
  return result.stdout;
}
function makeHostNetwork(): HostNetwork | { reason: string } {
  if (process.env.REHEARSE_NETNS === "0") return { reason: "REHEARSE_NETNS=0" };
  if (!findBinary("ip")) return { reason: "no ip binary (iproute2)" };
  // Names carry this process's id: another rehearsal on the machine gets its own (15 characters
  // at most for an interface).
  const tag = `ag${process.pid % 100_000}`;
  const used = spawnSync("ip", ["-o", "-4", "addr"], { encoding: "utf8" }).stdout ?? "";
  const third = Array.from({ length: 200 }, (_, i) => (process.pid + i) % 250).find((n) => !used.includes(`10.231.${n}.`));
  if (third === undefined) return { reason: "no free 10.231.x.0/24" };
  const subnet = `10.231.${third}`;
  const bridge = `${tag}br`;
  const namespaces = [1, 2, 3].map((i) => `${tag}-app${i}`);
  const undo = () => {
    for (const ns of namespaces) spawnSync("ip", ["netns", "del", ns]);
    for (const i of [1, 2, 3]) spawnSync("ip", ["link", "del", `${tag}h${i}`]);
    spawnSync("ip", ["link", "del", bridge]);
  };
  try {
    ip(["link", "add", bridge, "type", "bridge"]);
    cleanups.push(undo);
    ip(["addr", "add", `${subnet}.1/24`, "dev", bridge]);
    ip(["link", "set", bridge, "up"]);
    namespaces.forEach((ns, index) => {
      const i = index + 1;
      ip(["netns", "add", ns]);
      ip(["link", "add", `${tag}h${i}`, "type", "veth", "peer", "name", `${tag}n${i}`]);
      ip(["link", "set", `${tag}h${i}`, "master", bridge]);
      ip(["link", "set", `${tag}h${i}`, "up"]);
      ip(["link", "set", `${tag}n${i}`, "netns", ns]);
      ip(["-n", ns, "addr", "add", `${subnet}.${10 + i}/24`, "dev", `${tag}n${i}`]);
      ip(["-n", ns, "link", "set", `${tag}n${i}`, "up"]);
      ip(["-n", ns, "link", "set", "lo", "up"]);
    });
  } catch (error) {
    undo();
    return { reason: error instanceof Error ? error.message : String(error) };
  }
  return { bridgeAddress: `${subnet}.1`, namespaces, addresses: [11, 12, 13].map((n) => `${subnet}.${n}`), subnet: `${subnet}.0/24` };
}

type Cluster = { dir: string; port: number };
function pgCtl(cluster: Cluster, action: string, extra: string[] = []) {
  asPostgres(path.join(PG_BIN, "pg_ctl"), [action, "-D", cluster.dir, "-w", "-t", "60", ...extra]);
}
function startCluster(cluster: Cluster, root: string, extra = "") {
  const options = `-p ${cluster.port} -k ${root} -c listen_addresses=${listenAddresses} -c max_connections=250 ${extra}`;
  pgCtl(cluster, "start", ["-l", `${cluster.dir}.log`, "-o", options]);
}
function stopCluster(cluster: Cluster, mode: "fast" | "immediate") {
  const pid = path.join(cluster.dir, "postmaster.pid");
  if (existsSync(pid)) pgCtl(cluster, "stop", ["-m", mode]);
}

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await probe().catch((error: unknown) => {
      if (error instanceof Error && error.message.includes("exited with")) throw error;
      return false;
    });
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}
const pgAnswers = (url: string) => async () => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
};

/** The fields of a host's log line (pino JSON) the report prints. */
type LogEntry = {
  level?: number;
  time?: number;
  msg?: string;
  url?: string;
  req?: { url?: string };
  res?: { statusCode?: number };
  err?: { message?: string; code?: string };
};
type Request = { path: string; cookie: string; form: Record<string, string> };
type Outcome = { at: number; ok: boolean; kind: string };

async function main(): Promise<number> {
  if (process.getuid?.() !== 0) {
    console.error(
      "rehearse: must run as root (PostgreSQL runs as the postgres user, PgBouncer and HAProxy are started here); nothing was run",
    );
    return 2;
  }
  const binaries = ["initdb", "pg_ctl", "pg_basebackup", "pgbouncer", "haproxy", "runuser", "cp"];
  const missing = binaries.filter((name) => !findBinary(name));
  if (missing.length > 0) {
    console.error(
      `rehearse: missing ${missing.join(", ")} (Debian: apt-get install -y postgresql-15 pgbouncer haproxy; PG_BIN=${PG_BIN}); nothing was run`,
    );
    return 2;
  }
  const build = spawnSync(process.execPath, ["scripts/build-if-stale.mjs"], { stdio: "inherit" });
  if (build.status !== 0) throw new Error("the production build failed");

  const root = mkdtempSync(path.join(tmpdir(), "aangan-rehearse-"));
  chmodSync(root, 0o777);
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  // DATA_DIR of the hosts: only the upload spool and mail files; private files go to S3.
  const dataDir = path.join(root, "data");
  mkdirSync(dataDir);
  // Each host's output, whole, for matching a 500 to the error it logged.
  const logDir = path.join(root, "logs");
  mkdirSync(logDir);

  const network = makeHostNetwork();
  const net = "reason" in network ? undefined : network;
  if (net) {
    listenAddresses = `127.0.0.1,${net.bridgeAddress}`;
    say(`network: three namespaces ${net.namespaces.join(", ")} on a bridge, ${net.subnet} (this side ${net.bridgeAddress})`);
  } else {
    say(`network: no namespaces (${"reason" in network ? network.reason : ""}); app hosts on loopback ports`);
  }
  // Where the app hosts reach PgBouncer, the replica and the bucket.
  const servicesHost = net?.bridgeAddress ?? "127.0.0.1";

  // --- S3-compatible storage: s3rver (in this process) on the services address, the bucket made
  // at its start; every host's private files (KYC documents) go there.
  const s3 = await startLocalS3("aangan-private", servicesHost);
  cleanups.push(() => {
    void s3.stop();
    rmSync(s3.directory, { recursive: true, force: true });
  });
  say(`S3-compatible storage: s3rver at ${s3.config.endpoint}, bucket ${s3.config.bucket}`);

  // --- PostgreSQL: a primary and a streaming replica of it.
  const primary: Cluster = { dir: path.join(root, "primary"), port: await findFreePort() };
  const replica: Cluster = { dir: path.join(root, "replica"), port: await findFreePort() };
  asPostgres(path.join(PG_BIN, "initdb"), ["-D", primary.dir, "-U", "aangan", "-A", "trust", "--no-sync"]);
  // WAL archiving (the backups of docs/operations.md): every finished WAL segment is copied to the
  // archive. The replica's copy of this file has it too; a standby archives nothing until it is
  // promoted, then it archives its new timeline into the same place, so the archive runs on
  // through the failover.
  const archive = path.join(root, "wal-archive");
  asPostgres("/bin/mkdir", ["-m", "700", archive]);
  asPostgres("/bin/sh", [
    "-c",
    `printf "%s\n" "archive_mode = on" "archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'" >> ${primary.dir}/postgresql.conf`,
  ]);
  if (net) {
    // The app hosts connect from the bridge's subnet (the replica copies this file).
    asPostgres("/bin/sh", ["-c", `echo "host all all ${net.subnet} trust" >> ${primary.dir}/pg_hba.conf`]);
  }
  startCluster(primary, root);
  cleanups.push(() => stopCluster(primary, "immediate"));
  const admin = new pg.Client({ connectionString: `postgresql://aangan@127.0.0.1:${primary.port}/postgres` });
  await admin.connect();
  await admin.query("CREATE DATABASE aangan");
  await admin.end();
  asPostgres(path.join(PG_BIN, "pg_basebackup"), [
    ...["-h", "127.0.0.1", "-p", String(primary.port), "-U", "aangan", "-D", replica.dir, "-R", "-X", "stream", "-c", "fast"],
  ]);
  startCluster(replica, root);
  cleanups.push(() => stopCluster(replica, "immediate"));
  const primaryUrl = (cluster: Cluster) => `postgresql://aangan@127.0.0.1:${cluster.port}/aangan`;
  say(`PostgreSQL 15 primary on ${primary.port}, streaming replica on ${replica.port} (pg_basebackup -R)`);

  // --- PgBouncer: the app's queries in transaction mode; its LISTEN, jobs and migrations in a
  // session-mode pool of the same pooler, so one re-pointing moves every connection.
  const pgbouncerBinary = findBinary("pgbouncer")!;
  const bouncerPort = await findFreePort();
  const ini = path.join(root, "pgbouncer.ini");
  const writeIni = (target: Cluster) => {
    const server = `host=127.0.0.1 port=${target.port} dbname=aangan user=aangan`;
    writeFileSync(
      ini,
      [
        "[databases]",
        `aangan = ${server}`,
        `aangan_direct = ${server} pool_mode=session pool_size=80`,
        "[pgbouncer]",
        `listen_addr = ${listenAddresses}`,
        `listen_port = ${bouncerPort}`,
        "unix_socket_dir =",
        "auth_type = any",
        "pool_mode = transaction",
        "max_client_conn = 2000",
        "default_pool_size = 40",
        // After a failed login PgBouncer waits this long before trying the server again (default
        // 15 s): during a failover that wait is most of the outage.
        "server_login_retry = 1",
        "log_connections = 0",
        "log_disconnections = 0",
        `logfile = ${path.join(root, "pgbouncer.log")}`,
        "user = postgres",
        "",
      ].join("\n"),
    );
    chmodSync(ini, 0o644);
  };
  writeIni(primary);
  let bouncer: ChildProcess;
  const startBouncer = async () => {
    bouncer = spawn(pgbouncerBinary, [ini], { stdio: "ignore" });
    await waitFor("PgBouncer", pgAnswers(`postgresql://aangan@127.0.0.1:${bouncerPort}/aangan`), 20_000);
  };
  cleanups.push(() => bouncer?.kill("SIGKILL"));
  await startBouncer();
  say(`PgBouncer in transaction mode on ${bouncerPort} in front of the primary`);

  // --- Three app hosts. Each is one process on its own loopback port (not a network namespace).
  const haproxyPort = await findFreePort();
  const origin = `http://127.0.0.1:${haproxyPort}`;
  // In namespaces each host has its own ports: all three listen on 3000 at their own address.
  const appPorts = net ? [3000, 3000, 3000] : [await findFreePort(), await findFreePort(), await findFreePort()];
  const appHosts = net?.addresses ?? ["127.0.0.1", "127.0.0.1", "127.0.0.1"];
  const apps: (ChildProcess | undefined)[] = [];
  const appLogs: string[] = ["", "", ""];
  const startApp = async (index: number) => {
    const port = appPorts[index]!;
    const host = appHosts[index]!;
    // `ip netns exec` enters the namespace and execs node: the child's pid is the app's.
    const command = [process.execPath, "--import", "tsx", "server.ts"];
    const argv = net ? ["ip", "netns", "exec", net.namespaces[index]!, ...command] : command;
    const child = spawn(argv[0]!, argv.slice(1), {
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: host,
        PORT: String(port),
        WEB_CONCURRENCY: "1",
        APP_ORIGIN: origin,
        TRUST_PROXY: "true",
        DATABASE_URL: `postgresql://aangan@${servicesHost}:${bouncerPort}/aangan`,
        DATABASE_DIRECT_URL: `postgresql://aangan@${servicesHost}:${bouncerPort}/aangan_direct`,
        DATABASE_POOL_MODE: "transaction",
        DATABASE_READ_URL: `postgresql://aangan@${servicesHost}:${replica.port}/aangan`,
        DATA_DIR: dataDir,
        S3_ENDPOINT: s3.config.endpoint,
        S3_REGION: s3.config.region,
        S3_BUCKET: s3.config.bucket,
        S3_ACCESS_KEY_ID: s3.config.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
        S3_FORCE_PATH_STYLE: "true",
        SEED_DEMO_DATA: "false",
        SESSION_SECRET: SECRET,
        DEMO_MODE: "true",
        RATE_LIMIT_PER_MINUTE: "100000000",
        RATE_LIMIT_MONEY_PER_MINUTE: "100000000",
        RATE_LIMIT_READS_PER_MINUTE: "100000000",
        RATE_LIMIT_SIGN_IN_PER_MINUTE: "100000000",
        RATE_LIMIT_DOWNLOADS_PER_MINUTE: "100000000",
        FOUR_EYES_THRESHOLD_INR: "1000000000",
        LOG_LEVEL: process.env.REHEARSE_APP_LOG_LEVEL ?? "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: Buffer) => {
      appLogs[index] = (appLogs[index]! + chunk.toString()).slice(-20_000);
      appendFileSync(path.join(logDir, `app${index + 1}.log`), chunk);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    apps[index] = child;
    try {
      await waitFor(
        `app host ${index + 1}`,
        async () => {
          if (child.exitCode !== null) throw new Error(`app host ${index + 1} exited with ${child.exitCode}`);
          return (await fetch(`http://${host}:${port}/readyz`)).ok;
        },
        90_000,
      );
    } catch (error) {
      console.error(`--- app host ${index + 1} log ---\n${appLogs[index]}`);
      throw error;
    }
  };
  cleanups.push(() => apps.forEach((child) => child?.kill("SIGKILL")));
  // The first host migrates the empty database; the others then find it migrated.
  await startApp(0);
  await Promise.all([startApp(1), startApp(2)]);
  const where = appHosts.map((host, i) => `${host}:${appPorts[i]}`).join(", ");
  say(`three app hosts on ${where} (${net ? "each in its own network namespace" : "processes on loopback, not network namespaces"})`);

  // --- HAProxy in front of them, checking /readyz every half second.
  const haproxyConfig = path.join(root, "haproxy.cfg");
  writeFileSync(
    haproxyConfig,
    [
      "global",
      "  maxconn 4000",
      "defaults",
      "  mode http",
      "  timeout connect 2s",
      "  timeout client 30s",
      "  timeout server 30s",
      "  option forwardfor",
      "  option redispatch",
      "  retries 2",
      "frontend web",
      `  bind 127.0.0.1:${haproxyPort}`,
      "  default_backend apps",
      "backend apps",
      "  balance roundrobin",
      "  option httpchk GET /readyz",
      // Which host answered, so the rehearsal can tell that a file was read on another host.
      "  http-response set-header X-Served-By %s",
      "  http-check expect status 200",
      "  default-server inter 500ms fall 2 rise 2",
      ...appPorts.map((port, i) => `  server app${i + 1} ${appHosts[i]}:${port} check`),
      "",
    ].join("\n"),
  );
  const haproxy = spawn(findBinary("haproxy")!, ["-f", haproxyConfig, "-db"], { stdio: "ignore" });
  cleanups.push(() => haproxy.kill("SIGKILL"));
  await waitFor("HAProxy", async () => (await fetch(`${origin}/readyz`)).ok, 20_000);
  say(`HAProxy on ${haproxyPort}, health check GET /readyz`);

  // --- The world the operations act on, written straight to the primary before any fault.
  const seedPrisma = createPrismaClient(primaryUrl(primary));
  const world = await seedChaosWorld(seedPrisma, 12);
  // Investors who have not done KYC yet, for the private-file traffic (one wizard every few
  // seconds; more than the load can use).
  const kycPeople: { id: string; cookie: string }[] = [];
  for (let i = 0; i < 60; i++) {
    const user = await createUser(seedPrisma, { tier: "investor", subscriptionActive: true });
    kycPeople.push({ id: user.id, cookie: await createSession(seedPrisma, user.id, { production: true }) });
  }
  await seedPrisma.$disconnect();

  // What a client reads to decide its next form post, through the pooler like the apps.
  const reads = new pg.Pool({
    connectionString: `postgresql://aangan@127.0.0.1:${bouncerPort}/aangan`,
    max: CLIENTS,
    connectionTimeoutMillis: 2_000,
    query_timeout: 2_000,
  });
  reads.on("error", () => undefined);
  const outcomes: Outcome[] = [];
  /** Each 500 the app answered, with when and where, to find its cause in the hosts' logs. */
  const serverErrors: { at: number; path: string; intent: string; body: string }[] = [];
  const planFailures: { at: number; message: string }[] = [];
  let seed = 1;
  const random = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const rows = async <T>(sql: string, values: unknown[] = []) => (await reads.query(sql, values)).rows as T[];

  async function plan(): Promise<Request | null> {
    const investor = pick(world.investors)!;
    const adminActor = pick(world.admins)!;
    const roll = random();
    if (roll < 0.22) {
      const shares = int(1, 4);
      return {
        path: `/invest/${world.propertyId}`,
        cookie: investor.cookie,
        form: {
          intent: "purchase",
          propertyId: world.propertyId,
          shares: String(shares),
          reviewedTotal: reviewedTotal(shares, "1000"),
          idempotencyKey: randomUUID(),
          acknowledgeRisk: "on",
        },
      };
    }
    if (roll < 0.36) {
      const form = { intent: "sell", propertyId: world.propertyId, shares: String(int(1, 3)), pricePerShare: String(int(900, 1200)) };
      return { path: "/trading", cookie: investor.cookie, form: { ...form, idempotencyKey: randomUUID() } };
    }
    if (roll < 0.52) {
      const orders = await rows<{ id: string; seller_id: string }>(
        "SELECT id::text, seller_id::text FROM share_sell_requests WHERE status = 'active' AND remaining_shares > 0 LIMIT 50",
      );
      const order = pick(orders);
      const buyer = pick(world.investors.filter((p) => p.id !== order?.seller_id));
      if (!order || !buyer) return null;
      return {
        path: "/trading",
        cookie: buyer.cookie,
        form: { intent: "buy", orderId: order.id, shares: String(int(1, 2)), idempotencyKey: randomUUID() },
      };
    }
    if (roll < 0.62) {
      const reservation = pick(await rows<{ id: string }>("SELECT id::text FROM share_reservations WHERE status = 'active' LIMIT 50"));
      if (!reservation) return null;
      return {
        path: "/admin/share-trading",
        cookie: adminActor.cookie,
        form: { intent: "settle", reservationId: reservation.id, notes: "rehearsal" },
      };
    }
    if (roll < 0.82) {
      const [profile] = await rows<{ tier: string }>("SELECT tier::text FROM user_profiles WHERE user_id = $1::uuid", [investor.id]);
      const deposit = random() < 0.5;
      return {
        path: profile?.tier === "waitlist_player" ? "/waitlist-dashboard/wallet" : "/dashboard/wallet",
        cookie: investor.cookie,
        form: {
          intent: deposit ? "add-funds" : "withdraw",
          amount: String(int(1, 40) * 1000),
          description: "rehearsal",
          priority: "medium",
        },
      };
    }
    const ticket = pick(
      await rows<{ id: string; amount: string | null }>(
        "SELECT id::text, amount::text FROM support_tickets WHERE status IN ('open', 'in_progress') AND ticket_type IN ('add_funds', 'withdraw_funds') LIMIT 50",
      ),
    );
    if (!ticket) return null;
    return {
      path: "/admin/support",
      cookie: adminActor.cookie,
      form: { ticketId: ticket.id, status: "resolved", receivedAmount: ticket.amount ?? "1000", adminResponse: "rehearsal" },
    };
  }

  async function send(request: Request) {
    let kind: string;
    try {
      const response = await fetch(`${origin}${request.path}`, {
        method: "POST",
        headers: { Cookie: request.cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(request.form).toString(),
        redirect: "manual",
        signal: AbortSignal.timeout(30_000),
      });
      const body = await response.text();
      const status = response.status;
      if (status < 400) kind = "done (2xx/3xx)";
      else if (status < 500) kind = "refused by the app (4xx: rules, e.g. no funds, already settled)";
      else if (status === 503 && body.includes("No server is available")) kind = "503 from HAProxy: no app host ready";
      else if ((status === 502 || status === 504) && !body.includes("Aangan")) kind = `${status} from HAProxy: host failed mid-request`;
      else kind = `${status} from the app`;
      if (status === 500)
        serverErrors.push({
          at: Date.now(),
          path: request.path,
          intent: request.form.intent ?? "",
          body: body.replace(/\s+/g, " ").slice(0, 200),
        });
    } catch (error) {
      kind = `no answer (${error instanceof Error ? error.name : "error"})`;
    }
    outcomes.push({ at: Date.now(), ok: !/^(5\d\d|no answer)/.test(kind), kind });
  }

  // --- Private files: an investor goes through the KYC wizard through HAProxy (the documents
  // step uploads three PDFs, each unique, which the app keeps as sent), then opens the stored PAN
  // card three times. The bytes must come back the same, whichever host wrote and reads them.
  const kyc = {
    wizards: 0,
    submitted: 0,
    filesWritten: 0,
    reads: 0,
    readsIdentical: 0,
    readsOnAnotherHost: 0,
    readsUnavailable: 0,
    lost: [] as string[],
    steps: new Map<string, number>(),
    hosts: new Set<string>(),
  };
  const uniquePdf = (label: string) =>
    Buffer.from(`%PDF-1.4\n% rehearsal ${label} ${randomUUID()}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
  async function kycPost(cookie: string, form: Record<string, string> | FormData) {
    const multipart = form instanceof FormData;
    const headers: Record<string, string> = { Cookie: cookie, Origin: origin };
    if (!multipart) headers["Content-Type"] = "application/x-www-form-urlencoded";
    return fetch(`${origin}/kyc`, {
      method: "POST",
      headers,
      body: multipart ? form : new URLSearchParams(form).toString(),
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
  }
  async function kycWizard(person: { id: string; cookie: string }) {
    kyc.wizards++;
    const pan = uniquePdf("pan_card");
    const documents = new FormData();
    documents.set("step", "documents");
    documents.set("panNumber", "ABCDE1234F");
    documents.set("aadhaarConsent", "on");
    for (const [slot, bytes] of [
      ["pan_card", pan],
      ["aadhaar_front", uniquePdf("aadhaar_front")],
      ["aadhaar_back", uniquePdf("aadhaar_back")],
    ] as const)
      documents.set(slot, new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), `${slot}.pdf`);
    documents.set("intent", "next");
    const selfie = new FormData();
    selfie.set("step", "photo");
    selfie.set("selfie", new Blob([new Uint8Array(uniquePdf("selfie"))], { type: "application/pdf" }), "selfie.pdf");
    selfie.set("intent", "next");
    const steps: [string, Record<string, string> | FormData][] = [
      [
        "personal",
        {
          ...{ step: "personal", intent: "next", fullName: "Meera Nair", dateOfBirth: "1988-06-01", address: "4 Marine Drive" },
          ...{ city: "Kochi", stateCode: "32", postalCode: "682001", phone: "+91 9447012345", country: "India" },
        },
      ],
      ["documents", documents],
      [
        "bank",
        {
          ...{ step: "bank", intent: "next", accountNumber: "123456789012", confirmAccountNumber: "123456789012" },
          ...{ ifscCode: "sbin0001234", bankName: "State Bank of India", accountType: "savings" },
        },
      ],
      ["photo", selfie],
      ["review", { step: "review", intent: "next" }],
    ];
    let writer = "";
    for (const [step, form] of steps) {
      let kind: string;
      try {
        const response = await kycPost(person.cookie, form);
        await response.arrayBuffer();
        kind = response.status === 302 ? "done" : `${response.status}`;
        if (step === "documents" && response.status === 302) {
          writer = response.headers.get("x-served-by") ?? "";
          kyc.filesWritten += 3;
        }
      } catch (error) {
        kind = `no answer (${error instanceof Error ? error.name : "error"})`;
      }
      kyc.steps.set(`${step}: ${kind}`, (kyc.steps.get(`${step}: ${kind}`) ?? 0) + 1);
      // A step the app could not take (a fault): this investor is left; the next one starts.
      if (kind !== "done") return;
    }
    kyc.submitted++;
    const [document] = await rows<{ id: string }>(
      "SELECT id::text FROM kyc_documents WHERE user_id = $1::uuid AND document_type = 'pan_card'",
      [person.id],
    );
    if (!document) {
      kyc.lost.push(`${person.id}: submitted, but no PAN card document row`);
      return;
    }
    for (let i = 0; i < 3; i++) {
      kyc.reads++;
      try {
        const response = await fetch(`${origin}/kyc/documents/${document.id}`, {
          headers: { Cookie: person.cookie },
          redirect: "manual",
          signal: AbortSignal.timeout(30_000),
        });
        const body = Buffer.from(await response.arrayBuffer());
        const reader = response.headers.get("x-served-by") ?? "";
        if (response.status === 200 && body.equals(pan)) {
          kyc.readsIdentical++;
          kyc.hosts.add(writer).add(reader);
          if (writer && reader && reader !== writer) kyc.readsOnAnotherHost++;
        } else if (response.status >= 500) kyc.readsUnavailable++;
        else kyc.lost.push(`${document.id}: written by ${writer}, read on ${reader}: ${response.status}, ${body.length} bytes`);
      } catch {
        kyc.readsUnavailable++;
      }
    }
  }
  async function kycClient() {
    for (const person of kycPeople) {
      if (!running) return;
      await kycWizard(person).catch((error: unknown) =>
        planFailures.push({ at: Date.now(), message: error instanceof Error ? error.message : String(error) }),
      );
      await sleep(1_000);
    }
  }

  // --- The load, and the faults on a timeline while it runs.
  let running = true;
  async function client() {
    while (running) {
      let request: Request | null = null;
      try {
        request = await plan();
      } catch (error) {
        planFailures.push({ at: Date.now(), message: error instanceof Error ? error.message : String(error) });
        await sleep(200);
        continue;
      }
      if (request) await send(request);
    }
  }
  const faults: { name: string; at: number }[] = [];
  const phase = Math.max(15, Math.floor(LOAD_SECONDS / 4)) * 1000;
  say(`load: ${CLIENTS} clients for ${LOAD_SECONDS} s through HAProxy; a fault every ${phase / 1000} s`);
  const load = Promise.all([...Array.from({ length: CLIENTS }, () => client()), kycClient()]);

  // A base backup of the primary, taken under the load (the restore at the end starts from it).
  const baseBackup = path.join(root, "base-backup");
  await sleep(3_000);
  const backupStarted = Date.now();
  say("base backup: pg_basebackup of the primary under load");
  await asPostgresAsync(path.join(PG_BIN, "pg_basebackup"), [
    ...["-h", "127.0.0.1", "-p", String(primary.port), "-U", "aangan", "-D", baseBackup, "-X", "stream", "-c", "fast"],
  ]);
  const backupSeconds = (Date.now() - backupStarted) / 1000;
  say(`base backup done in ${backupSeconds.toFixed(1)} s`);

  await sleep(phase - (Date.now() - backupStarted) - 3_000);
  faults.push({ name: "(a) app host 2 killed (SIGKILL), restarted 10 s later", at: Date.now() });
  say("fault (a): SIGKILL app host 2");
  apps[1]!.kill("SIGKILL");
  await sleep(10_000);
  const restartApp2 = startApp(1).then(() => say("app host 2 back"));
  await sleep(phase - 10_000);
  await restartApp2;

  faults.push({ name: "(b) PgBouncer restarted (SIGTERM, started again)", at: Date.now() });
  say("fault (b): restart PgBouncer");
  bouncer!.kill("SIGTERM");
  await new Promise((resolve) => (bouncer!.exitCode !== null ? resolve(null) : bouncer!.once("exit", resolve)));
  await startBouncer();
  say("PgBouncer back");
  await sleep(phase);

  faults.push({ name: "(c) primary stopped, replica promoted, PgBouncer re-pointed", at: Date.now() });
  say("fault (c): stop the primary (pg_ctl stop -m fast), promote the replica, re-point PgBouncer (SIGHUP)");
  stopCluster(primary, "fast");
  pgCtl(replica, "promote");
  writeIni(replica);
  bouncer!.kill("SIGHUP");
  say("replica promoted; PgBouncer reloaded");
  if (process.env.REHEARSE_DEBUG) {
    await sleep(3_000);
    for (const url of [`postgresql://aangan@127.0.0.1:${bouncerPort}/aangan`, primaryUrl(replica)]) {
      const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
      const answer = await probe.connect().then(
        () => probe.query("SELECT pg_is_in_recovery() AS r").then((r) => JSON.stringify(r.rows)),
        (error: unknown) => String(error),
      );
      await probe.end().catch(() => undefined);
      say(`debug ${url}: ${answer}`);
    }
  }
  await sleep(Math.max(phase, LOAD_SECONDS * 1000 - 3 * phase));
  running = false;
  await load;
  await reads.end();
  const loadEnded = Date.now();

  // --- The books, on the surviving primary (the promoted replica), read directly.
  const survivor = createPrismaClient(primaryUrl(replica));
  const violations = await findViolations(survivor);
  await survivor.$disconnect();
  const ledgerCheck = spawnSync("npx", ["tsx", "scripts/ledger-check.ts"], {
    env: { ...process.env, DATABASE_URL: primaryUrl(replica), DATABASE_DIRECT_URL: "" },
    encoding: "utf8",
  });

  // --- The restore: the base backup plus the archived WAL (the old primary's timeline, then the
  // promoted replica's) into a fresh data directory, recovered to the end of the archive, on its
  // own port; then the same checks, and the same rows as the promoted primary. The app hosts stop
  // first, so that nothing is written after the counts below.
  for (const child of apps) child?.kill("SIGKILL");
  await Promise.all(apps.map((child) => (child && child.exitCode === null ? new Promise((r) => child.once("exit", r)) : null)));
  const counts = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ journals: string; postings: string; total: string }>(
        "SELECT (SELECT count(*) FROM ledger_journals)::text AS journals, (SELECT count(*) FROM ledger_postings)::text AS postings, " +
          "(SELECT coalesce(sum(abs(amount)), 0) FROM ledger_postings)::text AS total",
      );
      return rows[0]!;
    } finally {
      await client.end();
    }
  };
  const onPrimary = await counts(primaryUrl(replica));
  // Close the current WAL segment so it is archived, and wait for the archiver to copy it.
  const switcher = new pg.Client({ connectionString: primaryUrl(replica) });
  await switcher.connect();
  const { rows: switched } = await switcher.query<{ file: string }>("SELECT pg_walfile_name(pg_switch_wal()) AS file");
  await switcher.end();
  await waitFor("the archiver", async () => existsSync(path.join(archive, switched[0]!.file)), 60_000);
  const restored: Cluster = { dir: path.join(root, "restored"), port: await findFreePort() };
  const restoreStarted = Date.now();
  say(`restore: base backup + archived WAL into a fresh data directory (${switched[0]!.file} last archived)`);
  asPostgres("/bin/cp", ["-a", baseBackup, restored.dir]);
  asPostgres("/bin/sh", [
    "-c",
    `printf "%s\n" "restore_command = 'cp ${archive}/%f %p'" "recovery_target_timeline = 'latest'" >> ${restored.dir}/postgresql.conf && touch ${restored.dir}/recovery.signal`,
  ]);
  // Its own port, and it does not archive into the rehearsal's archive once it is done.
  startCluster(restored, root, "-c archive_mode=off");
  cleanups.push(() => stopCluster(restored, "immediate"));
  await waitFor(
    "the restored copy's recovery",
    async () => {
      const client = new pg.Client({ connectionString: primaryUrl(restored), connectionTimeoutMillis: 1_000 });
      try {
        await client.connect();
        const { rows } = await client.query<{ r: boolean }>("SELECT pg_is_in_recovery() AS r");
        return rows[0]?.r === false;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    300_000,
  );
  const restoreSeconds = (Date.now() - restoreStarted) / 1000;
  const walFiles = readdirSync(archive).filter((file) => /^[0-9A-F]{24}$/.test(file)).length;
  say(`restored copy on ${restored.port} out of recovery after ${restoreSeconds.toFixed(1)} s`);
  const onRestored = await counts(primaryUrl(restored));
  const restoredPrisma = createPrismaClient(primaryUrl(restored));
  const restoredViolations = await findViolations(restoredPrisma);
  await restoredPrisma.$disconnect();
  const restoredLedgerCheck = spawnSync("npx", ["tsx", "scripts/ledger-check.ts"], {
    env: { ...process.env, DATABASE_URL: primaryUrl(restored), DATABASE_DIRECT_URL: "" },
    encoding: "utf8",
  });
  const sameRows =
    onRestored.journals === onPrimary.journals && onRestored.postings === onPrimary.postings && onRestored.total === onPrimary.total;

  // --- The table.
  const byKind = new Map<string, number>();
  for (const outcome of outcomes) byKind.set(outcome.kind, (byKind.get(outcome.kind) ?? 0) + 1);
  const table: [string, string][] = [["money form posts through HAProxy", String(outcomes.length)]];
  for (const [kind, count] of [...byKind].sort((a, b) => b[1] - a[1])) table.push([`  ${kind}`, String(count)]);
  const firstMessage = planFailures[0]?.message.slice(0, 60);
  table.push([
    "the clients' own reads through PgBouncer that failed (retried after 0.2 s)",
    planFailures.length === 0 ? "0" : `${planFailures.length} (first: ${firstMessage})`,
  ]);
  faults.forEach((fault, i) => {
    const until = faults[i + 1]?.at ?? loadEnded;
    const failed = outcomes.filter((o) => !o.ok && o.at >= fault.at && o.at < until);
    const last = failed.at(-1);
    // Failures in the window's last two seconds: the fault was still being felt when it closed.
    const stillFailing = last !== undefined && until - last.at < 2_000;
    const recovered = !last
      ? "0 s (no user saw an error)"
      : stillFailing
        ? `NOT RECOVERED within ${((until - fault.at) / 1000).toFixed(0)} s`
        : `${((last.at - fault.at) / 1000).toFixed(1)} s`;
    const reads = planFailures.filter((f) => f.at >= fault.at && f.at < until).length;
    table.push([`${fault.name}: time to recover`, `${recovered}; ${failed.length} failed posts, ${reads} failed client reads`]);
  });
  const kycSteps = [...kyc.steps].filter(([step]) => !step.endsWith(": done"));
  table.push([
    "private files: KYC wizards through HAProxy (5 posts each), submitted",
    `${kyc.wizards} started, ${kyc.submitted} submitted${kycSteps.length ? `; steps that failed: ${kycSteps.map(([s, n]) => `${s} × ${n}`).join(", ")}` : ""}`,
  ]);
  table.push([
    "private files: PDFs written to S3 (s3rver), then read back through HAProxy",
    `${kyc.filesWritten} written; ${kyc.reads} reads, ${kyc.readsIdentical} byte-identical, ${kyc.readsOnAnotherHost} of them on a host other than the writer (hosts: ${[...kyc.hosts].filter(Boolean).sort().join(", ")}); ${kyc.readsUnavailable} unavailable (5xx/no answer)`,
  ]);
  table.push(["safety: private files lost or changed (must be 0)", String(kyc.lost.length)]);
  table.push(["safety: books and market conservation violations (must be 0)", String(violations.length)]);
  table.push(["safety: npm run ledger:check on the promoted primary (exit code, must be 0)", String(ledgerCheck.status)]);
  table.push([
    "(d) restore: base backup + archived WAL into a fresh data directory: time",
    `${restoreSeconds.toFixed(1)} s to the end of the archive (${walFiles} WAL files; the backup took ${backupSeconds.toFixed(1)} s under load)`,
  ]);
  table.push([
    "safety: restored copy vs the promoted primary: journals, postings, rupees moved",
    `${onRestored.journals}/${onPrimary.journals}, ${onRestored.postings}/${onPrimary.postings}, ₹${onRestored.total}/₹${onPrimary.total}${sameRows ? " (equal)" : " (DIFFERENT)"}`,
  ]);
  table.push(["safety: books and market conservation violations on the restored copy (must be 0)", String(restoredViolations.length)]);
  table.push(["safety: npm run ledger:check on the restored copy (exit code, must be 0)", String(restoredLedgerCheck.status)]);
  const width = Math.max(...table.map(([label]) => label.length));
  console.log("\n| what | count |\n|---|---|");
  for (const [label, value] of table) console.log(`| ${label.padEnd(width)} | ${value} |`);
  console.log(
    "\nTopology: PostgreSQL 15 primary + streaming replica (WAL archived), PgBouncer (transaction mode), 3 app hosts " +
      (net ? `in their own network namespaces (${net.subnet}, a bridge)` : "as processes on loopback (not network namespaces)") +
      ", HAProxy with /readyz checks, private files in S3-compatible storage (s3rver).",
  );
  console.log("Recovery time: from the fault to the last failed post before the next fault (0 when none failed).");
  for (const problem of violations.slice(0, 20)) console.log(`violation: ${problem}`);
  if (ledgerCheck.status !== 0) console.log(`ledger:check said:\n${ledgerCheck.stdout}${ledgerCheck.stderr}`);
  for (const problem of restoredViolations.slice(0, 20)) console.log(`violation on the restored copy: ${problem}`);
  if (restoredLedgerCheck.status !== 0) {
    console.log(`ledger:check on the restored copy said:\n${restoredLedgerCheck.stdout}${restoredLedgerCheck.stderr}`);
  }
  if (process.env.REHEARSE_DEBUG) {
    spawnSync("tail", ["-n", "25", path.join(root, "pgbouncer.log"), `${replica.dir}.log`], { stdio: "inherit" });
  }
  for (const problem of kyc.lost.slice(0, 20)) console.log(`private file: ${problem}`);
  for (const error of serverErrors.slice(0, 10))
    console.log(`500 at ${stamp(error.at)}s: POST ${error.path} (${error.intent || "no intent"}): ${error.body}`);
  // What the hosts logged at error level (pino JSON lines), to match the 500s above.
  for (const [i] of appLogs.entries()) {
    const file = path.join(logDir, `app${i + 1}.log`);
    if (!existsSync(file)) continue;
    const errors = readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line) => {
        try {
          const entry = JSON.parse(line) as LogEntry;
          // The access log's line for every 503 is at error level too: those are answered as meant.
          return (entry.level ?? 0) >= 50 && entry.res?.statusCode !== 503 ? [entry] : [];
        } catch {
          return [];
        }
      });
    for (const entry of errors.slice(0, 10))
      console.log(
        `app host ${i + 1} error at ${entry.time ? stamp(entry.time) : "?"}s: ${entry.msg ?? ""} ${entry.url ?? entry.req?.url ?? ""} ${entry.res?.statusCode ?? ""} ${entry.err?.code ?? ""} ${(entry.err?.message ?? "").replace(/\s+/g, " ").slice(0, 400)}`,
      );
  }
  if (process.env.REHEARSE_KEEP_LOGS) spawnSync("cp", ["-r", logDir, process.env.REHEARSE_KEEP_LOGS]);
  if (process.env.REHEARSE_DEBUG && outcomes.some((o) => /from the app/.test(o.kind))) {
    for (const [i, log] of appLogs.entries()) console.log(`--- app host ${i + 1} log (end) ---\n${log.slice(-4_000)}`);
  }
  const restoreClean = sameRows && restoredViolations.length === 0 && restoredLedgerCheck.status === 0;
  return violations.length === 0 && ledgerCheck.status === 0 && restoreClean ? 0 : 1;
}

main().then(
  (code) => {
    cleanUp();
    process.exit(code);
  },
  (error: unknown) => {
    console.error(error);
    cleanUp();
    process.exit(1);
  },
);
