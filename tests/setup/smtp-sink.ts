import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type SmtpSink = {
  url: string;
  received: ReceivedMail[];
  /** Attempts the server turned away with a temporary failure. */
  rejected: number;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 (random port, no TLS, any sender) that keeps what it
 * receives. With `rejectFirst`, that many messages are refused with 451 after their data
 * arrives, as a struggling mail server would.
 */
export async function startSmtpSink({ rejectFirst = 0, port: listenPort = 0 } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let rejected = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (rejected < rejectFirst) {
          rejected += 1;
          const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenPort, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get rejected() {
      return rejected;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers (unfolded, lower-case names) and body of an RFC 5322 message. */
export function parseMessage(raw: string): { headers: Record<string, string>; body: string } {
  const text = raw.replace(/\r\n/g, "\n");
  const split = text.indexOf("\n\n");
  const head = text.slice(0, split).replace(/\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = text.slice(split + 2);
  if (/quoted-printable/i.test(headers["content-transfer-encoding"] ?? "")) {
    body = Buffer.from(
      body.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  }
  return { headers, body };
}
