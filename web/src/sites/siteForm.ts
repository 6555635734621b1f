import type { ApiError } from '@pagewright/sdk';
import { domainProblem, siteNameProblem } from '@pagewright/sdk/rules';
import type { DomainCheck } from './domainCheck.ts';

/** The messages the server gave for a field; each is cleared as its field is edited. */
export interface ServerErrors {
  name?: string;
  domain?: string;
}

/**
 * The message beside each field: the server's, else the rule's once the field has been left, else
 * (the domain) the availability check's.
 */
export function fieldErrors(
  values: { name: string; domain: string },
  touched: { name: boolean; domain: boolean },
  server: ServerErrors,
  check: DomainCheck | null,
) {
  return {
    name: server.name ?? (touched.name ? siteNameProblem(values.name) : null),
    domain: server.domain ?? (touched.domain ? domainProblem(values.domain) : null) ?? (check?.state === 'invalid' ? check.message : null),
  };
}

/** What a refused create shows: the upgrade popup at the plan's site limit, else the message beside its field. */
export function createFailure(error: ApiError): 'upgrade' | ServerErrors {
  if (error.status === 402) return 'upgrade';
  const field = (error.info as { field?: string } | undefined)?.field;
  if (error.code === 'DOMAIN_TAKEN' || field === 'siteId') return { domain: error.error };
  if (field === 'name') return { name: error.error };
  return {};
}
