import { useEffect } from 'react';
import { create } from 'zustand';
import type { Schemas } from '@pagewright/sdk';
import { api } from '../api.ts';
import { useStore } from './index.ts';

export type InstanceConfig = Schemas['InstanceConfig'];

/**
 * What this server has configured (GET /config): the sign-in providers, stock photos, the AI helpers
 * and the terms' address. Controls for a service appear only once it is known to be there (issue 28),
 * so until the answer comes, and if it never does, none of them shows.
 */
const useInstanceStore = create<{ config: InstanceConfig | null }>(() => ({ config: null }));

let loading: Promise<void> | null = null;

/** Asks the server once per page load (again after a failure); the full-screen overlay covers it. */
export function loadInstance(): Promise<void> {
  loading ??= (async () => {
    const { beginFetch, endFetch } = useStore.getState();
    beginFetch();
    try {
      const { data } = await api.GET('/config');
      if (data) useInstanceStore.setState({ config: data });
      else loading = null;
    } catch {
      loading = null;
    } finally {
      endFetch();
    }
  })();
  return loading;
}

/** The instance's configuration, or null while it is not known. */
export function useInstance(): InstanceConfig | null {
  const config = useInstanceStore((s) => s.config);
  useEffect(() => {
    if (!config) void loadInstance();
  }, [config]);
  return config;
}
