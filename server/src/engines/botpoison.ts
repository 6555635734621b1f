/**
 * Botpoison's verify API (spec 002 "Forms": spam prevention): `POST {base}/verify` with the site's
 * secret key and the solution the browser script put in the form's `_botpoison` field; Botpoison
 * answers `{ ok: boolean, message? }`. BOTPOISON_API_URL points it elsewhere (tests run a local
 * server of the same shape).
 */
export interface SpamCheck {
  /** True when Botpoison accepts the solution; throws `SpamCheckUnavailable` when it cannot tell. */
  verify(secretKey: string, solution: string): Promise<boolean>;
}

export class SpamCheckUnavailable extends Error {}

export function createBotpoison(config: { apiUrl: string }): SpamCheck {
  return {
    async verify(secretKey, solution) {
      let response: Response;
      try {
        response = await fetch(`${config.apiUrl}/verify`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ secretKey, solution }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new SpamCheckUnavailable((error as Error).message);
      }
      // A refused solution is a 4xx with `ok: false`; a 5xx means Botpoison could not decide.
      if (response.status >= 500) throw new SpamCheckUnavailable(`Botpoison answered ${response.status}`);
      const body = (await response.json().catch(() => null)) as { ok?: unknown } | null;
      return response.ok && body?.ok === true;
    },
  };
}
