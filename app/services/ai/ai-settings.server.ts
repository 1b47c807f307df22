import type { Env } from "~/services/env.server";
import type { ChatSettings } from "./chat-completions.server";

/** The configured AI provider, or undefined when none is (the offline analyser then runs). */
export function aiChatSettings(env: Env): ChatSettings | undefined {
  if (!env.AI_BASE_URL || !env.AI_MODEL) return undefined;
  return {
    baseUrl: env.AI_BASE_URL,
    apiKey: env.AI_API_KEY,
    model: env.AI_MODEL,
    timeoutMs: env.AI_TIMEOUT_MS,
    maxRetries: env.AI_MAX_RETRIES,
  };
}
