import { messages } from '../core/messages.js';
import { localized, type FormSettings } from '../model/document.js';

export interface Confirmation {
  heading: string;
  text: string;
  button: string;
}

/** The form settings' confirmation texts in a language, else the spec's defaults (spec 002 §9). */
export function confirmationOf(form: FormSettings | undefined, language: string, main: string): Confirmation {
  const pick = (value: FormSettings['confirmationHeading'], fallback: string) => {
    const text = localized(value, language, main);
    return typeof text === 'string' && text.trim() ? text : fallback;
  };
  return {
    heading: pick(form?.confirmationHeading, messages.formConfirmationHeading),
    text: pick(form?.confirmationText, messages.formConfirmationText),
    button: pick(form?.confirmationButton, messages.formConfirmationButton),
  };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a browser's form post lands on: the confirmation heading, message and button, the button
 * leading back to the page the form was on (the Referer, when it is an http(s) address).
 */
export function confirmationPage(c: Confirmation, language: string, back: string | null): string {
  const button = back ? `<a href="${esc(back)}">${esc(c.button)}</a>` : '';
  return `<!doctype html><html lang="${esc(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(c.heading)}</title><style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8fafc;color:#0f172a}main{max-width:30rem;padding:2rem;text-align:center}a{display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;border-radius:.5rem;background:#1e40af;color:#fff;text-decoration:none}</style></head><body><main><h1>${esc(c.heading)}</h1><p>${esc(c.text)}</p>${button}</main></body></html>`;
}

/** The page a browser's refused form post lands on: what went wrong, and the way back to the form. */
export function refusedPage(error: string, back: string | null): string {
  return confirmationPage({ heading: messages.formNotSent, text: error, button: messages.formConfirmationButton }, 'en', back);
}
