import { messages } from '../core/messages.js';

/**
 * The AI provider of the AI helpers (spec 002 §7): an OpenAI-compatible Chat Completions API,
 * `POST {AI_API_URL}/chat/completions` with `Authorization: Bearer {AI_API_KEY}` and AI_MODEL.
 * Any server of that shape works (OpenAI, a local Ollama or vLLM; tests run their own).
 */
export interface AiProvider {
  /** The text rewritten to read better (or shortened, or continued), in its own language. */
  improve(text: string, mode?: AiTextMode): Promise<string>;
  /** The text in each language asked for, by language code. */
  translate(text: string, languages: string[], from?: string): Promise<Record<string, string>>;
}

/** What POST /ai/text does with the text. */
export type AiTextMode = 'rewrite' | 'shorten' | 'continue';

/** The provider failed or answered something unusable; the message is safe to show (no key). */
export class AiError extends Error {}

interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

const IMPROVE_PROMPT =
  'You improve the text of a website. Rewrite the text the user sends so that it reads clearly and well, in the same language, keeping its meaning, its tone, any HTML tags and any {placeholders} as they are. Answer with the rewritten text only, without quotes or comments.';

const SHORTEN_PROMPT =
  'You shorten the text of a website. Rewrite the text the user sends so that it says the same in clearly fewer words, in the same language, keeping its tone, any HTML tags and any {placeholders} as they are. Answer with the shortened text only, without quotes or comments.';

const CONTINUE_PROMPT =
  'You continue the text of a website. Answer with the text the user sends followed by one to three sentences that continue it naturally, in the same language and tone, keeping any HTML tags and any {placeholders} as they are. Answer with the whole text only, without quotes or comments.';

const PROMPTS: Record<AiTextMode, string> = { rewrite: IMPROVE_PROMPT, shorten: SHORTEN_PROMPT, continue: CONTINUE_PROMPT };

const translatePrompt = (languages: string[], from?: string) =>
  `You translate the text of a website${from ? ` from the language with the code "${from}"` : ''}. Translate the text the user sends into each of these languages, given by their codes: ${languages.join(', ')}. Keep any HTML tags and any {placeholders} as they are. Answer with a JSON object only, whose keys are exactly those language codes and whose values are the translations.`;

export function createAi(config: { apiUrl: string; apiKey: string | null; model: string } | null): AiProvider | null {
  if (!config) return null;
  // The key must never reach an answer or a log, even if a provider echoes it in an error.
  const scrub = (message: string) => (config.apiKey ? message.split(config.apiKey).join('***') : message);

  async function chat(conversation: ChatMessage[], json: boolean): Promise<string> {
    let response: Response;
    try {
      response = await fetch(`${config!.apiUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          ...(config!.apiKey ? { Authorization: `Bearer ${config!.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: config!.model,
          messages: conversation,
          temperature: 0.3,
          ...(json ? { response_format: { type: 'json_object' } } : {}),
        }),
        signal: AbortSignal.timeout(60_000),
      });
    } catch {
      throw new AiError(messages.aiUnreachable);
    }
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: unknown } | string;
      choices?: { message?: { content?: unknown } }[];
    } | null;
    if (!response.ok) {
      const raw = typeof body?.error === 'string' ? body.error : body?.error?.message;
      throw new AiError(scrub(typeof raw === 'string' && raw ? raw : `The AI provider answered ${response.status}`));
    }
    const content = body?.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || !content.trim()) throw new AiError('The AI provider answered without text');
    return content.trim();
  }

  return {
    improve: (text, mode = 'rewrite') =>
      chat(
        [
          { role: 'system', content: PROMPTS[mode] },
          { role: 'user', content: text },
        ],
        false,
      ),
    async translate(text, languages, from) {
      const answer = await chat(
        [
          { role: 'system', content: translatePrompt(languages, from) },
          { role: 'user', content: text },
        ],
        true,
      );
      let parsed: unknown;
      try {
        // Some models wrap JSON in a code fence even when asked not to.
        parsed = JSON.parse(answer.replace(/^```(?:json)?\s*|\s*```$/g, ''));
      } catch {
        throw new AiError('The AI provider did not answer JSON');
      }
      const map = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
      const out: Record<string, string> = {};
      for (const language of languages) {
        const value = map[language];
        if (typeof value !== 'string') throw new AiError(messages.aiIncomplete);
        out[language] = value;
      }
      return out;
    },
  };
}
