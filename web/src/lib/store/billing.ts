import type { ApiError, Schemas } from '@pagewright/sdk';
import type { StateCreator } from 'zustand';
import { api } from '../api.ts';
import type { Store, StoreMiddleware } from './index.ts';
import { request } from './request.ts';

export type Plan = Schemas['Plan'];
export type BillingFrequency = 'monthly' | 'yearly';

export interface BillingSlice {
  plans: Plan[];
  plansLoaded: boolean;
  /** The plans toggle; yearly by default (spec 000 §9). */
  frequency: BillingFrequency;
  /** Why billing cannot be used here, e.g. the server's 503 "Billing is not configured on this server". */
  billingProblem: string | null;
  loadPlans(): Promise<void>;
  setFrequency(frequency: BillingFrequency): void;
  openCheckout(priceId: string): Promise<void>;
  openBillingPortal(): Promise<void>;
  setCancelAtPeriodEnd(cancel: boolean): Promise<void>;
}

/** Opens a Stripe page; kept separate so tests and the realtime flow can follow the navigation. */
const open = (url: string) => window.location.assign(url);

export const createBillingSlice: StateCreator<Store, StoreMiddleware, [], BillingSlice> = (set, get) => {
  // A 503 means billing is off on this server: the plans screen says so in place, not in a toast.
  const problem = (error: ApiError) => {
    if (error.status === 503) set({ billingProblem: error.error });
    else get().showError(error);
  };

  return {
    plans: [],
    plansLoaded: false,
    frequency: 'yearly',
    billingProblem: null,

    async loadPlans() {
      const { data } = await request(get, () => api.GET('/payments/plans'), { overlay: !get().plansLoaded });
      if (data) set({ plans: data, plansLoaded: true });
    },

    setFrequency: (frequency) => set({ frequency }),

    async openCheckout(priceId) {
      const user = get().user;
      if (!user) return;
      const { data, error } = await request(
        get,
        () => api.GET('/checkout/{publicUserId}/{priceId}', { params: { path: { publicUserId: user.publicUserId, priceId } } }),
        { toast: false },
      );
      if (error) problem(error);
      else open(data.url);
    },

    async openBillingPortal() {
      const customerId = get().user?.subscription.stripeCustomerId;
      if (!customerId) return;
      const { data, error } = await request(get, () => api.GET('/billing-portal/{customerId}', { params: { path: { customerId } } }), {
        toast: false,
      });
      if (error) problem(error);
      else open(data.url);
    },

    async setCancelAtPeriodEnd(cancel) {
      const { data, error } = await request(get, () => api.PATCH('/subscription', { body: { cancel_at_period_end: cancel } }), {
        toast: false,
      });
      if (error) problem(error);
      else get().setSubscription(data);
    },
  };
};
