import type { Schemas } from '@pagewright/sdk';
import { badGateway, invalid, notFound } from '../core/errors.js';
import { SpamCheckUnavailable, type SpamCheck } from '../engines/botpoison.js';
import { createLimiter, type Limiter } from '../engines/rateLimit.js';
import { messages } from '../core/messages.js';
import { siteAccess } from '../core/access.js';
import { isoRequired, type Actor, type Deps } from '../core/deps.js';
import type { SecretName, SiteSecrets } from '../site/secrets.js';
import { parseSiteDoc } from '../model/document.js';
import type { SiteRow } from '../core/access.js';
import { readFields } from './fields.js';
import { confirmationOf, siteLook, type Confirmation, type SiteLook } from './confirmation.js';

export type Submission = Schemas['Submission'];
type Status = Submission['status'];

/** Spec 002 §4: any status can be set to any other. */
const STATUSES: readonly Status[] = ['new', 'in_progress', 'completed', 'pending', 'on_hold', 'cancelled', 'closed'];

/**
 * Fields the compiled form adds for the endpoint, never stored: the page's language, the spam check's
 * answer (Botpoison's solution, hCaptcha's or reCAPTCHA's token; hCaptcha fills both of its fields), the honeypot.
 */
const LANGUAGE_FIELD = '_language';
const BOTPOISON_FIELD = '_botpoison';
const HCAPTCHA_FIELD = 'h-captcha-response';
const RECAPTCHA_FIELD = 'g-recaptcha-response';
const HONEYPOT_FIELD = '_gotcha';
const RESERVED = [LANGUAGE_FIELD, BOTPOISON_FIELD, HCAPTCHA_FIELD, RECAPTCHA_FIELD, HONEYPOT_FIELD];

/** The spam checks a form can use: the field its answer comes in and the sealed secret it is checked with. */
const SPAM_CHECKS = {
  botpoison: { field: BOTPOISON_FIELD, secret: 'botpoisonSecret' },
  hcaptcha: { field: HCAPTCHA_FIELD, secret: 'hcaptchaSecret' },
  recaptcha: { field: RECAPTCHA_FIELD, secret: 'recaptchaSecret' },
} as const satisfies Record<string, { field: string; secret: SecretName }>;
export type SpamChecks = Record<keyof typeof SPAM_CHECKS, SpamCheck>;

const FORM_NAME = /^[^\p{Cc}]{1,100}$/u;
const PAGE_LIMIT = 100;

interface SubmissionRow {
  id: number;
  site_id: string;
  form_name: string;
  language: string;
  status: Status;
  created_at: number | string;
  body: string;
}

const view = (r: SubmissionRow): Submission => ({
  id: Number(r.id),
  formName: r.form_name,
  language: r.language,
  status: r.status,
  timestamp: isoRequired(Number(r.created_at)),
  body: JSON.parse(r.body) as Submission['body'],
});

export interface FormPost {
  siteId: string;
  formName: string;
  ip: string;
  contentType: string | undefined;
  raw: unknown;
}

/**
 * Form submissions (spec 002 "Form submissions"): the public form endpoint of published sites and
 * the inbox of the settings. Submissions are rows of their own, never the site document: they are
 * not edits, so they never enter the history or a version.
 */
export class FormsService {
  private readonly perIp: Limiter;

  constructor(
    private readonly deps: Deps,
    private readonly secrets: SiteSecrets,
    private readonly spamChecks: SpamChecks,
  ) {
    this.perIp = createLimiter('form-ip', deps.config.rateLimits.formPerIp, 10 * 60, deps.redis);
  }

  /**
   * POST /sites/{siteId}/forms/{formName} (no session): checks and stores a post, forwards it by
   * mail, and answers the confirmation texts in the post's language. A filled honeypot gets the
   * same answer and nothing is stored or sent.
   */
  async submit(post: FormPost): Promise<{ language: string; confirmation: Confirmation; look: SiteLook }> {
    await this.perIp.consume(post.ip);
    const { db, log } = this.deps;
    const row = (await db('sites').where({ id: post.siteId }).whereNull('deleted_at').first()) as SiteRow | undefined;
    if (!row) throw notFound(messages.notFound);
    const doc = parseSiteDoc(row.data);
    const settings = doc.settings;
    if (!FORM_NAME.test(post.formName)) throw invalid('formName', messages.submissionQueryInvalid('form name'));
    const fields = await readFields(post.contentType, post.raw);

    const languages = settings.languages?.length ? settings.languages : ['en'];
    const asked = fields.get(LANGUAGE_FIELD)?.[0] ?? '';
    const language = languages.includes(asked) ? asked : languages[0]!;
    const answer = { language, confirmation: confirmationOf(settings.form, language, languages[0]!), look: siteLook(doc) };

    if (fields.get(HONEYPOT_FIELD)?.some((v) => v.trim() !== '')) {
      log.info({ siteId: post.siteId, form: post.formName }, 'form post with a filled honeypot dropped');
      return answer;
    }
    const prevention = settings.form?.spamPrevention;
    const check = prevention && prevention !== 'none' ? SPAM_CHECKS[prevention] : null;
    const solution = check ? (fields.get(check.field)?.[0] ?? '') : '';
    for (const reserved of RESERVED) fields.delete(reserved);
    if (fields.size === 0) throw invalid('body', messages.formEmpty);

    if (check && prevention && prevention !== 'none') {
      const secret = await this.secrets.get(db, post.siteId, check.secret);
      if (!secret) {
        // A missing key is the owner's setup to finish; losing visitors' messages meanwhile would be worse.
        log.warn({ siteId: post.siteId, prevention }, 'form spam prevention has no secret key set; post accepted unchecked');
      } else {
        if (!solution) throw invalid(check.field, messages.formSpamCheckFailed, 'SPAM_CHECK_FAILED');
        let ok: boolean;
        try {
          ok = await this.spamChecks[prevention].verify(secret, solution);
        } catch (error) {
          if (error instanceof SpamCheckUnavailable) throw badGateway(messages.formSpamCheckUnavailable, 'SPAM_CHECK_UNAVAILABLE');
          throw error;
        }
        if (!ok) throw invalid(check.field, messages.formSpamCheckFailed, 'SPAM_CHECK_FAILED');
      }
    }

    const body: Record<string, string | string[]> = {};
    for (const [name, values] of fields) body[name] = values.length === 1 ? values[0]! : values;
    await db('submissions').insert({
      site_id: post.siteId,
      form_name: post.formName,
      language,
      status: 'new',
      created_at: this.deps.now(),
      body: JSON.stringify(body),
    });

    const to = settings.form?.email;
    if (to) {
      const subject = (settings.form?.emailSubject || messages.formMailSubject(post.formName)).replace(/[\r\n]+/g, ' ');
      const lines = Object.entries(body).map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : value}`);
      const text = `The form "${post.formName}" of ${post.siteId} was sent (language ${language}):\n\n${lines.join('\n')}\n`;
      // The submission is stored; a mail server that fails is the operator's to see, not the visitor's.
      await this.deps.mailer
        .send({ to, subject, text })
        .catch((error: Error) => log.error({ siteId: post.siteId, err: error.message }, 'form submission mail failed'));
    }
    return answer;
  }

  /** GET /sites/{siteId}/submissions: newest first, a page at a time, by status and form. */
  async list(actor: Actor, siteId: string, query: Record<string, unknown>): Promise<Schemas['SubmissionPage']> {
    await siteAccess(this.deps, actor, siteId, 'write');
    const int = (name: string, fallback: number, min: number, max: number) => {
      const raw = query[name];
      if (raw === undefined || raw === '') return fallback;
      const value = Number(raw);
      if (typeof raw !== 'string' || !Number.isInteger(value) || value < min || value > max)
        throw invalid(name, messages.submissionQueryInvalid(name));
      return value;
    };
    const limit = int('limit', 50, 1, PAGE_LIMIT);
    const offset = int('offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const status = query.status;
    if (status !== undefined && !STATUSES.includes(status as Status)) throw invalid('status', messages.submissionStatusInvalid);
    const form = query.form;
    if (form !== undefined && typeof form !== 'string') throw invalid('form', messages.submissionQueryInvalid('form'));
    const base = () => {
      const q = this.deps.db('submissions').where({ site_id: siteId });
      if (status !== undefined) q.andWhere({ status });
      if (form !== undefined) q.andWhere({ form_name: form });
      return q;
    };
    const [{ count }] = (await base().count({ count: '*' })) as [{ count: number | string }];
    const rows = (await base()
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)
      .offset(offset)) as SubmissionRow[];
    const forms = (await this.deps.db('submissions').where({ site_id: siteId }).distinct('form_name').orderBy('form_name')) as {
      form_name: string;
    }[];
    return { items: rows.map(view), total: Number(count), offset, limit, forms: forms.map((f) => f.form_name) };
  }

  /** PATCH /sites/{siteId}/submissions/{id}: `{ status }`. */
  async update(actor: Actor, siteId: string, id: number, input: Record<string, unknown>): Promise<Submission> {
    await siteAccess(this.deps, actor, siteId, 'write');
    const status = input.status;
    if (!STATUSES.includes(status as Status)) throw invalid('status', messages.submissionStatusInvalid);
    const changed = await this.deps.db('submissions').where({ site_id: siteId, id }).update({ status });
    if (!changed) throw notFound(messages.submissionNotFound);
    return view((await this.deps.db('submissions').where({ id }).first()) as SubmissionRow);
  }

  /** DELETE /sites/{siteId}/submissions/{id}. */
  async remove(actor: Actor, siteId: string, id: number): Promise<void> {
    await siteAccess(this.deps, actor, siteId, 'write');
    const removed = await this.deps.db('submissions').where({ site_id: siteId, id }).delete();
    if (!removed) throw notFound(messages.submissionNotFound);
  }
}
