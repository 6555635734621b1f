import { localized } from '../../model/document.js';
import { attrs, el, esc, escAttr } from '../html.js';
import { children, common, controlId, register, uniqueHtmlId, use, type Part } from '../node.js';
import { flag, num, text } from '../values.js';

/**
 * Forms post to the site's form endpoint, `/api/sites/{siteId}/forms/{formName}`, unless `action`
 * names another. Every control has an id; a control without a visible label (a `label` component
 * whose `for` names it, or its own `label` setting) gets its label, placeholder or name as
 * `aria-label`, so no control is nameless to a screen reader.
 */
register('form', (part) => {
  const { ctx, node, scope } = part;
  const name = text(ctx, node, 'name', scope) || String(node.data['_options.name'] ?? '') || part.id.split('.').pop() || 'form';
  const own = text(ctx, node, 'action', scope);
  const action = own || `${ctx.apiBase}/api/sites/${encodeURIComponent(ctx.siteId || 'site')}/forms/${encodeURIComponent(name)}`;
  const method = node.data.method === 'get' ? 'get' : 'post';
  const enctype = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'].includes(String(node.data.enctype))
    ? String(node.data.enctype)
    : undefined;
  const target = ['_self', '_blank', '_parent', '_top'].includes(String(node.data.target)) ? String(node.data.target) : undefined;
  const autocomplete = node.data.autocomplete === 'off' ? 'off' : undefined;
  // A honeypot for the form endpoint: hidden from sight, screen readers and the tab order; a bot that fills it is dropped.
  const honeypot = `<div class="${use(ctx, 'sr-only')}" aria-hidden="true"><label>Leave this empty <input type="text" name="_gotcha" value="" tabindex="-1" autocomplete="off"></label></div>`;
  const hidden = own ? '' : `<input type="hidden" name="_language" value="${escAttr(ctx.language)}">${honeypot}`;
  // Spam prevention of the form settings (compiled site only; the form endpoint verifies the answer):
  // Botpoison's browser script solves a challenge on submit for forms carrying its public key;
  // hCaptcha's and reCAPTCHA's scripts draw their checkbox widget into the element carrying the site
  // key, at the end of the form, and put its token in the form's `h-captcha-response` / `g-recaptcha-response`.
  const checked = !own && !ctx.preview;
  const prevention = ctx.doc.settings.form?.spamPrevention;
  const keys = ctx.doc.settings.integrations;
  const botpoison = checked && prevention === 'botpoison' ? keys?.botpoisonPublic : undefined;
  const widget =
    checked && prevention === 'hcaptcha' && keys?.hcaptchaSiteKey
      ? `<div class="h-captcha" data-sitekey="${escAttr(keys.hcaptchaSiteKey)}"></div>`
      : checked && prevention === 'recaptcha' && keys?.recaptchaSiteKey
        ? `<div class="g-recaptcha" data-sitekey="${escAttr(keys.recaptchaSiteKey)}"></div>`
        : '';
  return el(
    'form',
    { ...common(part), action, method, enctype, target, autocomplete, name, 'data-botpoison-public-key': botpoison },
    hidden + children(part) + widget,
  );
});

/** Ids of controls that a `label` component points at, per render. */
function labelled(part: Part): Set<string> {
  const { ctx } = part;
  let set = ctx.cache.get('labelled') as Set<string> | undefined;
  if (!set) {
    set = new Set();
    for (const n of Object.values(ctx.doc.nodes)) if (n.type === 'label' && typeof n.data.for === 'string') set.add(n.data.for);
    ctx.cache.set('labelled', set);
  }
  return set;
}

/** The control's id, its visible label (own `label` setting) and its accessible name if it has no visible label. */
function control(part: Part): { id: string; labelHtml: (id: string) => string; ariaLabel?: string; root: ReturnType<typeof common> } {
  const { ctx, node, scope } = part;
  const root = common(part);
  const ownId = text(ctx, node, 'id', scope);
  const id = (root.id as string | undefined) ?? uniqueHtmlId(ctx, ownId || controlId(part.id));
  delete root.id;
  const label = text(ctx, node, 'label', scope);
  const pointed = labelled(part);
  const hasLabel = pointed.has(part.id) || (ownId !== '' && pointed.has(ownId));
  const name = text(ctx, node, 'name', scope);
  // The Accessibility group's label wins; else a control without a visible label is named by its placeholder or name.
  const own = typeof root['aria-label'] === 'string' ? root['aria-label'] : undefined;
  const ariaLabel = own ?? (label || hasLabel ? undefined : text(ctx, node, 'placeholder', scope) || name || undefined);
  // The panel's Class row: classes of the control itself.
  const ownClass = text(ctx, node, 'class', scope).trim();
  if (ownClass) root.class = [root.class, use(ctx, ownClass)].filter(Boolean).join(' ');
  const labelHtml = (forId: string) =>
    label
      ? `<label for="${escAttr(forId)}" class="${use(ctx, 'block')}">${esc(label)}${flag(node, 'required') ? '<span aria-hidden="true"> *</span>' : ''}</label>`
      : '';
  return { id, labelHtml, ariaLabel, root };
}

const INPUT_TYPES = [
  'text',
  'email',
  'tel',
  'url',
  'number',
  'password',
  'search',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
  'color',
  'range',
  'file',
  'hidden',
];

register('input', (part) => {
  const { ctx, node, scope } = part;
  const { id, labelHtml, ariaLabel, root } = control(part);
  const type = INPUT_TYPES.includes(String(node.data.type)) ? String(node.data.type) : 'text';
  const bounded = (key: string) => {
    const v = Number(node.data[key]);
    return node.data[key] !== undefined && node.data[key] !== '' && Number.isFinite(v) ? Math.min(1000, Math.max(0, v)) : undefined;
  };
  const autocomplete: Record<string, string> = { email: 'email', tel: 'tel', url: 'url' };
  const input = `<input${attrs({
    ...root,
    type,
    id,
    name: text(ctx, node, 'name', scope) || id,
    value: text(ctx, node, 'value', scope) || undefined,
    placeholder: text(ctx, node, 'placeholder', scope) || undefined,
    min: ['number', 'range', 'date', 'time'].includes(type) ? bounded('min') : undefined,
    max: ['number', 'range', 'date', 'time'].includes(type) ? bounded('max') : undefined,
    minlength: ['text', 'email', 'tel', 'url', 'password', 'search'].includes(type) ? bounded('minlength') : undefined,
    maxlength: ['text', 'email', 'tel', 'url', 'password', 'search'].includes(type) ? bounded('maxlength') : undefined,
    pattern: ['text', 'tel', 'email', 'url', 'password', 'search'].includes(type)
      ? text(ctx, node, 'pattern', scope) || undefined
      : undefined,
    required: type !== 'hidden' && flag(node, 'required'),
    autocomplete: autocomplete[type],
    'aria-label': type === 'hidden' ? undefined : ariaLabel,
  })}>`;
  return type === 'hidden' ? input : labelHtml(id) + input;
});

register('textarea', (part) => {
  const { ctx, node, scope } = part;
  const { id, labelHtml, ariaLabel, root } = control(part);
  const textarea = el(
    'textarea',
    {
      ...root,
      id,
      name: text(ctx, node, 'name', scope) || id,
      placeholder: text(ctx, node, 'placeholder', scope) || undefined,
      rows: Math.min(12, Math.max(1, num(node, 'rows', 4))),
      required: flag(node, 'required'),
      'aria-label': ariaLabel,
    },
    esc(text(ctx, node, 'value', scope)),
  );
  return labelHtml(id) + textarea;
});

/** Options: `[{ value, label }]` or plain strings; `selected` names the chosen value. */
register('select', (part) => {
  const { ctx, node, scope } = part;
  const { id, labelHtml, ariaLabel, root } = control(part);
  const raw = localized(node.data.options as never, ctx.language, ctx.defaultLanguage) as unknown;
  const list = Array.isArray(raw)
    ? raw
    : typeof raw === 'string'
      ? raw
          .split(/\n|,/)
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  const selected = text(ctx, node, 'selected', scope);
  const placeholder = text(ctx, node, 'placeholder', scope);
  // A required list starts with an empty choice (HTML's placeholder option), so required means chosen.
  const required = flag(node, 'required');
  let options = placeholder ? `<option value="">${esc(placeholder)}</option>` : required ? '<option value=""></option>' : '';
  for (const o of list) {
    const value = typeof o === 'object' && o ? String((o as { value?: unknown }).value ?? '') : String(o);
    const shown =
      typeof o === 'object' && o
        ? String(localized((o as { label?: unknown }).label as never, ctx.language, ctx.defaultLanguage) ?? value)
        : String(o);
    options += `<option value="${escAttr(value)}"${value === selected ? ' selected' : ''}>${esc(shown)}</option>`;
  }
  const select = el('select', { ...root, id, name: text(ctx, node, 'name', scope) || id, required, 'aria-label': ariaLabel }, options);
  return labelHtml(id) + select;
});

/** A checkbox or radio wrapped in its label, so the text names it and clicking it toggles. */
register('checkbox', (part) => {
  const { ctx, node, scope } = part;
  const { id, root } = control(part);
  const type = node.data.type === 'radio' ? 'radio' : 'checkbox';
  const label = text(ctx, node, 'label', scope) || text(ctx, node, 'text', scope);
  const name = text(ctx, node, 'name', scope) || id;
  const input = `<input${attrs({ type, id, name, value: text(ctx, node, 'value', scope) || 'on', required: flag(node, 'required'), checked: flag(node, 'checked'), 'aria-label': root['aria-label'] ?? (label ? undefined : name) })}>`;
  delete root['aria-label'];
  return el('label', { ...root, for: id }, `${input}${label ? ` <span>${esc(label)}</span>` : ''}`);
});

/** A label for a control: `for` names the control's component id (or its own id). */
register('label', (part) => {
  const { ctx, node, scope } = part;
  const target = text(ctx, node, 'for', scope);
  const forId =
    target && ctx.doc.nodes[target]
      ? text(ctx, ctx.doc.nodes[target], 'id', scope) || (ctx.doc.nodes[target].data['_attr.id'] as string | undefined) || controlId(target)
      : target;
  return el('label', { ...common(part), for: forId || undefined }, esc(text(ctx, node, 'value', scope)));
});
