import { describe, expect, it } from 'vitest';
import { messages } from '../lib/messages.ts';
import { checkResult } from './domainCheck.ts';

describe('the domain availability check', () => {
  it('says available when the server answers valid', () => {
    expect(checkResult('shop.example.com', { data: { valid: true } })).toEqual({
      domain: 'shop.example.com',
      state: 'valid',
      message: undefined,
    });
  });

  it("shows the server's reason when the domain is taken", () => {
    expect(checkResult('taken.example.com', { data: { valid: false, message: messages.domainTaken } })).toEqual({
      domain: 'taken.example.com',
      state: 'invalid',
      message: messages.domainTaken,
    });
  });

  it('blames the server, not the domain, when the check itself fails (spec 000 §5)', () => {
    const failed = checkResult('shop.example.com', { error: { error: 'down', status: 503, code: 'UNAVAILABLE' } });
    expect(failed).toEqual({ domain: 'shop.example.com', state: 'invalid', message: messages.domainCheckFailed });
  });
});
