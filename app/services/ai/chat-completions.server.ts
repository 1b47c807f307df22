/**
 * A client for any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style
 * gateways, vLLM, Ollama, llama.cpp server). It only carries text there and back, with a
 * timeout and retries; what to ask and how to read the answer belong to the caller. The
 * API key stays on the server: it is read from the environment and sent only to AI_BASE_URL.
 */
export type ChatSettings = {
  /** e.g. https://api.openai.com/v1 — "/chat/completions" is appended. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Attempts after the first, on 429, 5xx or a dropped connection. */
  maxRetries: number;
  /** The first retry's wait; each later one doubles it (a Retry-After header wins, capped). */
  retryDelayMs?: number;
};

export type ChatMessage = { role: "system" | "user"; content: string };

/** The provider could not give an answer; `message` is a reason fit to show an admin. */
export class ChatProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChatProviderError";
  }
}

const MAX_RETRY_WAIT_MS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryWait(response: Response | undefined, attempt: number, baseMs: number): number {
  const header = response?.headers.get("retry-after");
  const seconds = header ? Number(header) : NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_WAIT_MS);
  const backoff = baseMs * 2 ** attempt;
  return Math.min(backoff + Math.random() * (backoff / 2), MAX_RETRY_WAIT_MS);
}

const retryable = (status: number) => status === 429 || status >= 500;

/**
 * Sends the messages and returns the first choice's text, asking for a JSON object.
 * Throws ChatProviderError with the reason when no usable answer came back.
 */
export async function completeChatAsJson(settings: ChatSettings, messages: ChatMessage[]): Promise<string> {
  const url = `${settings.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const body = JSON.stringify({ model: settings.model, messages, temperature: 0, response_format: { type: "json_object" } });
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
  if (settings.apiKey) headers.Authorization = `Bearer ${settings.apiKey}`;
  const baseDelay = settings.retryDelayMs ?? 1_000;

  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (error) {
      // A slow model tends to stay slow: a timeout is not retried, so a run stays bounded.
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
        const seconds = Math.max(1, Math.round(settings.timeoutMs / 1000));
        throw new ChatProviderError(`the AI provider did not answer within ${seconds} second${seconds === 1 ? "" : "s"}`);
      }
      if (attempt < settings.maxRetries) {
        await sleep(retryWait(undefined, attempt, baseDelay));
        continue;
      }
      throw new ChatProviderError("the AI provider could not be reached");
    }
    if (retryable(response.status) && attempt < settings.maxRetries) {
      await response.body?.cancel().catch(() => undefined);
      await sleep(retryWait(response, attempt, baseDelay));
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      const tries = attempt + 1;
      throw new ChatProviderError(`the AI provider answered HTTP ${response.status}${tries > 1 ? ` after ${tries} attempts` : ""}`);
    }
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      throw new ChatProviderError("the AI provider's response was not JSON");
    }
    const content = (payload as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message?.content;
    if (typeof content !== "string" || content.trim() === "") {
      throw new ChatProviderError("the AI provider's response had no message content");
    }
    return content;
  }
}
