import type { LiveChannel } from "~/lib/live-channels";
import { getPrisma } from "~/services/db.server";
import { getRealtimeBus, type BusMessage } from "~/services/realtime/bus.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { getRequestUser } from "~/web/session.server";
import { resolveLiveChannels, type LiveChannelRequest } from "~/domain/access/live-channels.server";

/** Proxies and load balancers drop a connection that stays silent for a minute or so. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream ends. */
const RETRY_MS = 3_000;

export function readLiveChannelRequest(query: URLSearchParams): LiveChannelRequest {
  const admin = query.get("admin");
  return {
    properties: query.getAll("property"),
    admin: admin === "1" || admin === "true",
    channels: query.getAll("channel"),
    users: query.getAll("user"),
  };
}

const plain = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * GET /events: 401 signed out; 403 or 404 for a channel the user may not hear; otherwise a
 * server-sent event stream of the allowed channels until the client goes away.
 */
export async function liveEventsResponse(request: Request): Promise<Response> {
  const user = await getRequestUser(request);
  if (!user) return plain(401, "Sign in to receive live updates.");
  let channels: LiveChannel[];
  try {
    channels = await resolveLiveChannels(getPrisma(), user, readLiveChannelRequest(new URL(request.url).searchParams));
  } catch (error) {
    return replyToDomainError(error, null, { asText: true });
  }
  return eventStream(request, channels);
}

const encoder = new TextEncoder();

function eventStream(request: Request, channels: LiveChannel[]): Response {
  const bus = getRealtimeBus();
  let cleanup = () => undefined as void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const write = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const onMessage = (message: BusMessage) => {
        if (message.kind === "event") {
          write(`data: ${JSON.stringify({ channel: message.channel, type: message.type, id: message.id })}\n\n`);
        } else if (message.kind === "resync") {
          write("event: resync\ndata: {}\n\n");
        } else {
          cleanup();
          controller.close();
        }
      };
      const unsubscribe = bus.subscribe(channels, onMessage);
      const heartbeat = setInterval(() => write(": heartbeat\n\n"), HEARTBEAT_MS);
      const onAbort = () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed by the consumer
        }
      };
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        request.signal.removeEventListener("abort", onAbort);
      };
      if (request.signal.aborted) return onAbort();
      request.signal.addEventListener("abort", onAbort);

      write(`retry: ${RETRY_MS}\n\n`);
      // "ready" once the process listens, so a client knows from then on nothing is missed.
      void bus.whenListening().then(() => write(`event: ready\ndata: ${JSON.stringify({ channels })}\n\n`));
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: proxies must neither buffer nor compress the stream.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
