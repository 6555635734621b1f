import { createClient, type ApiError, type Schemas } from '@pagewright/sdk';
import type { Store } from '../index.ts';
import { sessionKit, type SessionState } from './kit.ts';

/** A request as the fake server of the session's unit tests saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
}

/** An answer of the fake server: JSON, 200 unless given. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

/**
 * For the session's unit tests: a kit over a plain state object, its API answered by `answer`, every
 * request, overlay and toast recorded. Signing out resets `sitesLoaded` (standing for the other slices).
 */
export function testKit(answer: (request: SeenRequest) => FakeAnswer, initial: Partial<SessionState> = {}) {
  const seen: SeenRequest[] = [];
  const toasts: ApiError[] = [];
  let overlays = 0;
  const state: SessionState & Partial<Store> = {
    token: null,
    user: null,
    status: 'checking',
    twoFa: null,
    tfaSetup: null,
    passwordSaved: false,
    errors: 0,
    sitesLoaded: true,
    beginFetch: () => void overlays++,
    endFetch: () => undefined,
    showError: (error) => void toasts.push(error),
    ...initial,
  };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    const seenRequest = {
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    seen.push(seenRequest);
    const { status = 200, body = {} } = answer(seenRequest);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  const api = createClient({ baseUrl: 'http://pagewright.test', token: () => state.token, fetch });
  const set: Parameters<typeof sessionKit>[1] = (partial) => Object.assign(state, typeof partial === 'function' ? partial(state) : partial);
  const kit = sessionKit(api, set, () => state, { sitesLoaded: false });
  return { kit, state, seen, toasts, overlays: () => overlays };
}

/** A refusal as the API sends it. */
export const refusal = (status: number, error: string, code: string): FakeAnswer => ({ status, body: { error, status, code } });

/** A signed-in user as the API answers one. */
export function testUser(over: Partial<Schemas['User']> = {}): Schemas['User'] {
  return {
    id: 1,
    publicUserId: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    googleAuth: false,
    githubAuth: true,
    imageUrl: null,
    sites: 0,
    maxSites: 1,
    tfaEnabled: false,
    isAdmin: false,
    hasPassword: true,
    billing: true,
    plan: {
      id: 1,
      name: 'Free',
      description: '',
      currency: 'eur',
      monthlyPrice: 0,
      yearlyPrice: 0,
      sites: 1,
      languages: 1,
      collaborators: 0,
      useAi: false,
      storage: 100,
      customCode: false,
      legal: false,
      noAttribution: false,
      stripePriceIdMonthly: null,
      stripePriceIdYearly: null,
    },
    subscription: {
      planId: 1,
      status: 'active',
      billingFrequency: 'monthly',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      stripeCustomerId: null,
    },
    ...over,
  };
}

export const testSession = (token = 'session-token'): Schemas['Session'] => ({ ...testUser(), token, expires: '2030-01-01T00:00:00.000Z' });
