/** One server-sent event as a browser's EventSource would see it, with when it arrived. */
export type ReceivedEvent = { event: string; data: string; receivedAt: number };

export type SseConnection = {
  response: Response;
  /** Every block received so far, comments (heartbeats) and the retry hint included. */
  blocks: string[];
  events: ReceivedEvent[];
  /** The first event (already received or still to come) that matches, or a timeout error. */
  waitFor: (match: (event: ReceivedEvent) => boolean, timeoutMs?: number) => Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

function parseBlock(block: string, receivedAt: number): ReceivedEvent | null {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    if (field === "data") data.push(value);
  }
  return data.length > 0 ? { event, data: data.join("\n"), receivedAt } : null;
}

/**
 * Opens an event stream with plain fetch (Node has no EventSource) and parses it as it
 * arrives. A non-200 answer is returned as is, with nothing to read.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { Accept: "text/event-stream", ...headers }, signal: controller.signal });
  const blocks: string[] = [];
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = "";
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += value.replace(/\r\n?/g, "\n");
          let end: number;
          while ((end = buffer.indexOf("\n\n")) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            blocks.push(block);
            const parsed = parseBlock(block, Date.now());
            if (parsed) events.push(parsed);
            for (const wake of waiters) wake();
          }
        }
      } catch {
        // aborted by close()
      }
    })();
  }
  const waitFor = (match: (event: ReceivedEvent) => boolean, timeoutMs = 5_000) =>
    new Promise<ReceivedEvent>((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });
  return { response, blocks, events, waitFor, ended, close: () => controller.abort() };
}
