import { SpamCheckUnavailable, type SpamCheck } from './botpoison.js';

/**
 * hCaptcha's and reCAPTCHA's verify API, which is the same protocol (spec 002 "Forms": spam
 * prevention): `POST {base}/siteverify` with a form body of the site's `secret` and the `response`
 * token the widget put in the form; the answer is `{ success: boolean, "error-codes"?: string[] }`.
 * HCAPTCHA_API_URL and RECAPTCHA_API_URL point them elsewhere (tests run local servers of the same shape).
 */
export function createSiteverify(name: string, config: { apiUrl: string }): SpamCheck {
  return {
    async verify(secret, response) {
      let answer: Response;
      try {
        answer = await fetch(`${config.apiUrl}/siteverify`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: new URLSearchParams({ secret, response }).toString(),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new SpamCheckUnavailable((error as Error).message);
      }
      // A refused token is `success: false` (with 200 or a 4xx); a 5xx means the service could not decide.
      if (answer.status >= 500) throw new SpamCheckUnavailable(`${name} answered ${answer.status}`);
      const body = (await answer.json().catch(() => null)) as { success?: unknown } | null;
      return answer.ok && body?.success === true;
    },
  };
}
