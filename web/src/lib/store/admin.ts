import type { Schemas } from '@pagewright/sdk';
import type { StateCreator } from 'zustand';
import { api } from '../api.ts';
import type { Store, StoreMiddleware } from './index.ts';
import { request } from './request.ts';

export type AdminUser = Schemas['AdminUser'];
export type AdminSite = Schemas['AdminSite'];
export type Activity = Schemas['Activity'];
export type ActivityType = 'all' | 'unique';

export interface AdminSlice {
  adminUsers: AdminUser[] | null;
  adminSites: AdminSite[] | null;
  activity: Activity | null;
  activityType: ActivityType;
  loadAdminUsers(): Promise<void>;
  /** Sets a user's plan or suspends/reactivates them; the row is replaced by the server's answer. True when it worked. */
  updateAdminUser(userId: number, change: Schemas['AdminUserPatch']): Promise<boolean>;
  loadAdminSites(): Promise<void>;
  loadActivity(type: ActivityType): Promise<void>;
}

export const adminInitial = {
  adminUsers: null as AdminUser[] | null,
  adminSites: null as AdminSite[] | null,
  activity: null as Activity | null,
  activityType: 'all' as ActivityType,
};

export const createAdminSlice: StateCreator<Store, StoreMiddleware, [], AdminSlice> = (set, get) => ({
  ...adminInitial,

  async loadAdminUsers() {
    const { data } = await request(get, () => api.GET('/admin/users'), { overlay: get().adminUsers === null });
    if (data) set({ adminUsers: data });
  },

  async updateAdminUser(userId, change) {
    const { data } = await request(get, () => api.PATCH('/admin/users/{userId}', { params: { path: { userId } }, body: change }), {
      overlay: false,
    });
    if (!data) return false;
    set({ adminUsers: (get().adminUsers ?? []).map((u) => (u.id === data.id ? data : u)) });
    return true;
  },

  async loadAdminSites() {
    const { data } = await request(get, () => api.GET('/admin/sites'), { overlay: get().adminSites === null });
    if (data) set({ adminSites: data });
  },

  async loadActivity(type) {
    set({ activityType: type });
    const { data } = await request(get, () => api.GET('/admin/activity', { params: { query: { type } } }));
    // A slower answer for the other type must not overwrite the current choice.
    if (data && get().activityType === type) set({ activity: data });
  },
});
