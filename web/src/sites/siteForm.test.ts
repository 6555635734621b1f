import { domainProblem, siteNameProblem } from '@pagewright/sdk/rules';
import { describe, expect, it } from 'vitest';
import { messages } from '../lib/messages.ts';
import { createFailure, fieldErrors } from './siteForm.ts';

const untouched = { name: false, domain: false };
const left = { name: true, domain: true };

describe('the messages beside the fields of the create form', () => {
  it('stay away until a field has been left', () => {
    expect(fieldErrors({ name: '', domain: 'no' }, untouched, {}, null)).toEqual({ name: null, domain: null });
  });

  it("give the rule's message for a field that has been left", () => {
    expect(fieldErrors({ name: '', domain: 'no' }, left, {}, null)).toEqual({ name: siteNameProblem(''), domain: domainProblem('no') });
  });

  it("give the availability check's verdict for a well-formed domain", () => {
    const check = { domain: 'taken.example.com', state: 'invalid' as const, message: messages.domainTaken };
    expect(fieldErrors({ name: 'Shop', domain: 'taken.example.com' }, left, {}, check).domain).toBe(messages.domainTaken);
    expect(fieldErrors({ name: 'Shop', domain: 'free.example.com' }, left, {}, { ...check, state: 'valid' }).domain).toBeNull();
  });

  it("put the server's message first", () => {
    expect(fieldErrors({ name: 'Shop', domain: 'shop.example.com' }, untouched, { name: 'Too long', domain: 'Taken' }, null)).toEqual({
      name: 'Too long',
      domain: 'Taken',
    });
  });
});

describe('a create the server refused', () => {
  it('opens the upgrade popup at the plan limit', () => {
    expect(createFailure({ error: 'Upgrade your plan', status: 402, code: 'PLAN_LIMIT' })).toBe('upgrade');
  });

  it('puts a taken domain, or any message about the site id, beside the domain', () => {
    expect(createFailure({ error: messages.domainTaken, status: 409, code: 'DOMAIN_TAKEN' })).toEqual({ domain: messages.domainTaken });
    expect(createFailure({ error: 'Bad domain', status: 400, code: 'INVALID', info: { field: 'siteId' } })).toEqual({
      domain: 'Bad domain',
    });
  });

  it('puts a message about the name beside the name, and nothing else beside a field', () => {
    expect(createFailure({ error: 'Bad name', status: 400, code: 'INVALID', info: { field: 'name' } })).toEqual({ name: 'Bad name' });
    expect(createFailure({ error: 'Down', status: 500, code: 'INTERNAL' })).toEqual({});
  });
});
