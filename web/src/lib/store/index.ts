import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { createAdminSlice, type AdminSlice } from './admin.ts';
import { createBillingSlice, type BillingSlice } from './billing.ts';
import { createSessionSlice, type SessionSlice } from './session.ts';
import { createSitesSlice, type SitesSlice } from './sites.ts';
import { createTemplatesSlice, type TemplatesSlice } from './templates.ts';
import { createUiSlice, type UiSlice } from './ui.ts';

export type Store = SessionSlice & SitesSlice & TemplatesSlice & BillingSlice & AdminSlice & UiSlice;

/** The middleware applied once, at the root; slices declare it so their `set` is typed alike. */
export type StoreMiddleware = [['zustand/persist', unknown]];

export const useStore = create<Store>()(
  persist(
    (...a) => ({
      ...createSessionSlice(...a),
      ...createSitesSlice(...a),
      ...createTemplatesSlice(...a),
      ...createBillingSlice(...a),
      ...createAdminSlice(...a),
      ...createUiSlice(...a),
    }),
    {
      name: 'pagewright',
      version: 1,
      // Only the session token (spec 000 §4: kept in local storage) and the sidebar widths (§4: persisted).
      partialize: (s) => ({ token: s.token, sidebars: s.sidebars }),
    },
  ),
);
