import type { Schemas } from '@pagewright/sdk';
import type { StateCreator } from 'zustand';
import { api } from '../../lib/api.ts';
import { errorText } from '../../lib/format.ts';
import { useStore } from '../../lib/store/index.ts';
import { call } from '../../lib/call.ts';
import type { SettingsStore } from './index.ts';

export type Collaborator = Schemas['Collaborator'];
export type Invitation = Schemas['Invitation'];

export interface TeamSlice {
  team: { collaborators: Collaborator[]; invitations: Invitation[] } | null;
  loadTeam(): Promise<void>;
  invite(): Promise<Invitation | null>;
  withdraw(invitation: Invitation): Promise<void>;
  setLocked(userId: number, isLocked: boolean): Promise<void>;
  removeCollaborator(userId: number): Promise<void>;
}

export const createTeamSlice: StateCreator<SettingsStore, [], [], TeamSlice> = (set, get) => {
  const siteId = () => get().siteId ?? '';
  const update = (fn: (team: NonNullable<TeamSlice['team']>) => NonNullable<TeamSlice['team']>) =>
    set((s) => ({ team: s.team && fn(s.team) }));
  // The editor header counts collaborators from the app store: keep it in step.
  const share = () => {
    const team = get().team;
    if (team) useStore.setState((s) => ({ collaborators: { ...s.collaborators, [siteId()]: team.collaborators } }));
  };
  return {
    team: null,

    async loadTeam() {
      const { data, error } = await call(() => api.GET('/sites/{siteId}/collaborators', { params: { path: { siteId: siteId() } } }), {
        toast: false,
      });
      // Collaborators fetch failures show a browser alert (spec 000 §8).
      if (error) window.alert(errorText(error));
      else set({ team: data });
    },

    async invite() {
      const { data } = await call(() => api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId: siteId() } } }));
      if (!data) return null;
      update((t) => ({ ...t, invitations: [...t.invitations, data] }));
      return data;
    },

    async withdraw(invitation) {
      const { error } = await call(() =>
        api.DELETE('/sites/{siteId}/collaborators/invitations/{invId}', { params: { path: { siteId: siteId(), invId: invitation.id } } }),
      );
      if (!error) update((t) => ({ ...t, invitations: t.invitations.filter((i) => i.id !== invitation.id) }));
    },

    async setLocked(userId, isLocked) {
      const { data } = await call(() =>
        api.PATCH('/sites/{siteId}/collaborators/{userId}', { params: { path: { siteId: siteId(), userId } }, body: { isLocked } }),
      );
      if (data) update((t) => ({ ...t, collaborators: t.collaborators.map((c) => (c.userId === userId ? data : c)) }));
    },

    async removeCollaborator(userId) {
      const { error } = await call(() =>
        api.DELETE('/sites/{siteId}/collaborators/{userId}', { params: { path: { siteId: siteId(), userId } } }),
      );
      if (error) return;
      update((t) => ({ ...t, collaborators: t.collaborators.filter((c) => c.userId !== userId) }));
      share();
    },
  };
};
