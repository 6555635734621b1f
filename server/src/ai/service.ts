import { AiError, type AiProvider } from '../engines/ai.js';
import { badGateway, invalid, planLimit, unavailable } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { parseSiteDoc } from '../model/document.js';
import { siteAccess } from '../core/access.js';
import type { Actor, Deps } from '../core/deps.js';
import { planOf } from '../core/subscriptions.js';

const AI_TEXT_MAX = 10_000;
const MAX_LANGUAGES = 20;
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

type Body = Record<string, unknown>;

function textOf(body: Body): string {
  const text = body.text;
  if (typeof text !== 'string' || !text.trim()) throw invalid('text', messages.aiTextRequired);
  if (text.length > AI_TEXT_MAX) throw invalid('text', messages.aiTextTooLong(AI_TEXT_MAX));
  return text;
}

function languagesOf(body: Body): string[] {
  const list = body.languages;
  if (
    !Array.isArray(list) ||
    list.length === 0 ||
    list.length > MAX_LANGUAGES ||
    !list.every((l) => typeof l === 'string' && LANGUAGE.test(l)) ||
    new Set(list).size !== list.length
  ) {
    throw invalid('languages', messages.aiLanguagesInvalid);
  }
  return list as string[];
}

/**
 * The AI helpers of spec 002 §7 (improve a text, translate it), behind the plan's `useAi` (§6).
 * The plan is the site owner's: with `siteId` the caller needs write access to that site and the
 * owner's plan decides (a collaborator is told the owner must upgrade); without it, the caller's own.
 */
export class AiService {
  constructor(
    private readonly deps: Deps,
    private readonly provider: AiProvider | null,
  ) {}

  /** POST /ai/text: `{ text, siteId?, mode? }` → `{ text }`; mode rewrite (default), shorten or continue. */
  async text(actor: Actor, body: Body): Promise<{ text: string }> {
    const text = textOf(body);
    const mode = body.mode ?? 'rewrite';
    if (mode !== 'rewrite' && mode !== 'shorten' && mode !== 'continue') throw invalid('mode', messages.aiModeInvalid);
    const provider = await this.gate(actor, body.siteId);
    return { text: await this.call(() => provider.improve(text, mode)) };
  }

  /** POST /ai/translate: `{ text, languages, siteId? }` → `{ [language]: text }`. */
  async translate(actor: Actor, body: Body): Promise<Record<string, string>> {
    const text = textOf(body);
    const languages = languagesOf(body);
    const provider = await this.gate(actor, body.siteId);
    const from = typeof body.siteId === 'string' ? await this.mainLanguage(body.siteId) : undefined;
    return this.call(() => provider.translate(text, languages, from));
  }

  private async gate(actor: Actor, siteId: unknown): Promise<AiProvider> {
    let ownerId = actor.userId;
    let owner = true;
    if (siteId !== undefined) {
      if (typeof siteId !== 'string' || !siteId) throw invalid('siteId', messages.notFound);
      const access = await siteAccess(this.deps, actor, siteId, 'write');
      ownerId = access.site.owner_id;
      owner = access.role === 'owner';
    }
    const plan = await planOf(this.deps, ownerId);
    if (!plan.useAi) {
      throw planLimit(owner ? messages.aiDisabledOwner : messages.aiDisabledCollaborator, {
        title: messages.upgradeNeededTitle,
        feature: 'useAi',
      });
    }
    if (!this.provider) throw unavailable(messages.aiNotConfigured, 'AI_NOT_CONFIGURED');
    return this.provider;
  }

  private async mainLanguage(siteId: string): Promise<string | undefined> {
    const row: { data: string } | undefined = await this.deps.db('sites').where({ id: siteId }).first('data');
    try {
      return row ? parseSiteDoc(row.data).settings.languages?.[0] : undefined;
    } catch {
      return undefined;
    }
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof AiError) throw badGateway(error.message, 'AI_FAILED');
      throw error;
    }
  }
}
