import { useEffect, useState } from 'react';
import { domainProblem, normalizeDomain } from '@pagewright/sdk/rules';
import { messages } from '../lib/messages.ts';
import type { Outcome } from '../lib/store/request.ts';

type Availability = Outcome<{ valid: boolean; message?: string }>;

/** How long typing must pause before the server is asked whether a domain is free. */
const CHECK_DELAY_MS = 400;

export type DomainCheck = { domain: string; state: 'checking' | 'valid' | 'invalid'; message?: string };

/** The server's answer to POST /validate as a check result; a failed call is the server's fault, not the domain's. */
export function checkResult(domain: string, answer: Availability): DomainCheck {
  if (answer.error) return { domain, state: 'invalid', message: messages.domainCheckFailed };
  return { domain, state: answer.data.valid ? 'valid' : 'invalid', message: answer.data.message };
}

/**
 * The availability check of the domain being typed (spec 000 §5): asked shortly after typing stops,
 * once the format is right. `check` is the result for the domain as it is now (null while it is not
 * well formed or not asked yet); `verify` asks at once, for the submit.
 */
export function useDomainCheck(domain: string, ask: (domain: string) => Promise<Availability>) {
  const [latest, setLatest] = useState<DomainCheck | null>(null);
  const value = normalizeDomain(domain);
  const wellFormed = !domainProblem(value);

  async function verify(target: string): Promise<DomainCheck> {
    setLatest({ domain: target, state: 'checking' });
    const result = checkResult(target, await ask(target));
    // An answer for a domain the user has typed past is dropped.
    setLatest((current) => (current?.domain === target ? result : current));
    return result;
  }

  useEffect(() => {
    if (!wellFormed) return;
    const timer = setTimeout(() => void verify(value), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
    // `verify` is remade each render; the check follows the domain only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, wellFormed]);

  return { check: wellFormed && latest?.domain === value ? latest : null, verify };
}
