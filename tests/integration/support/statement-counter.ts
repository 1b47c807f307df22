import net from "node:net";

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

export type StatementCounter = {
  /** A connection string like `databaseUrl` that goes through the counter. */
  url: string;
  /** The SQL text of every statement sent since the last reset, in order. */
  statements: () => string[];
  /** The prepared statement name of each of them, in the same order ("" for an unnamed one). */
  names: () => string[];
  reset: () => void;
  close: () => Promise<void>;
};

/** Connections opened by background jobs (pg-boss and the jobs' own client) carry this name. */
const BACKGROUND_APPLICATION = "aangan-jobs";

/**
 * A TCP relay in front of PostgreSQL that writes down the SQL every client sends
 * (simple Query messages, extended-protocol Parse messages of unnamed statements, and each
 * Bind of a named prepared statement), so a test can count what the app
 * asks the database without touching the app's code. Connections whose start-up names the
 * background jobs' application are relayed but not counted: a job's poll or drain is not
 * what a request asked.
 */
export async function startStatementCounter(databaseUrl: string): Promise<StatementCounter> {
  const target = new URL(databaseUrl);
  // Each statement's SQL text and its prepared name ("" for an unnamed one), in order.
  let seen: { text: string; name: string }[] = [];
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let pending = Buffer.alloc(0);
    let startedUp = false;
    let background = false;
    const prepared = new Map<string, string>();

    client.on("data", (chunk) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (!startedUp) {
          // Untyped start-up packets: length, then a code (protocol version or a request).
          if (pending.length < 8) return;
          const length = pending.readInt32BE(0);
          if (pending.length < length) return;
          const code = pending.readInt32BE(4);
          if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) {
            // The start-up message: name\0value\0 pairs after the protocol version.
            const fields = pending.toString("utf8", 8, length).split("\0");
            const at = fields.indexOf("application_name");
            background = at >= 0 && fields[at + 1] === BACKGROUND_APPLICATION;
            startedUp = true;
          }
          pending = pending.subarray(length);
          continue;
        }
        if (pending.length < 5) return;
        const length = pending.readInt32BE(1);
        if (pending.length < 1 + length) return;
        const type = String.fromCharCode(pending[0]!);
        const body = pending.subarray(5, 1 + length);
        if (background) {
          pending = pending.subarray(1 + length);
          continue;
        }
        if (type === "Q") seen.push({ text: body.toString("utf8", 0, body.indexOf(0)), name: "" });
        if (type === "P") {
          // An unnamed statement is counted when parsed; a named (prepared) one each time it is
          // bound, since later executions on the same connection send no Parse.
          const nameEnd = body.indexOf(0);
          const name = body.toString("utf8", 0, nameEnd);
          const text = body.toString("utf8", nameEnd + 1, body.indexOf(0, nameEnd + 1));
          if (name) prepared.set(name, text);
          else seen.push({ text, name: "" });
        }
        if (type === "B") {
          const portalEnd = body.indexOf(0);
          const name = body.toString("utf8", portalEnd + 1, body.indexOf(0, portalEnd + 1));
          if (name) seen.push({ text: prepared.get(name) ?? name, name });
        }
        pending = pending.subarray(1 + length);
      }
    });
    upstream.on("data", (chunk) => client.write(chunk));
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", closeBoth).on("error", closeBoth);
    upstream.on("close", closeBoth).on("error", closeBoth);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);

  return {
    url: url.toString(),
    statements: () => seen.map((statement) => statement.text),
    names: () => seen.map((statement) => statement.name),
    reset: () => {
      seen = [];
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
