import { create } from 'zustand';
import { createAssetsSlice, type AssetsSlice } from './assets.ts';
import { createFormSlice, type FormSlice } from './form.ts';
import { createKeysSlice, type KeysSlice } from './keys.ts';
import { createLegalSlice, type LegalSlice } from './legal.ts';
import { createRedirectsSlice, type RedirectsSlice } from './redirects.ts';
import { createSiteSlice, type SiteSlice } from './site.ts';
import { createSubmissionsSlice, type SubmissionsSlice } from './submissions.ts';
import { createTeamSlice, type TeamSlice } from './team.ts';
import { createVersionsSlice, type VersionsSlice } from './versions.ts';

/** The settings screens' store (DESIGN "one store per domain"): made when first used, reset per site. */
export type SettingsStore = SiteSlice &
  AssetsSlice &
  FormSlice &
  RedirectsSlice &
  TeamSlice &
  VersionsSlice &
  KeysSlice &
  SubmissionsSlice &
  LegalSlice;

export const useSettings = create<SettingsStore>()((...a) => ({
  ...createSiteSlice(...a),
  ...createAssetsSlice(...a),
  ...createFormSlice(...a),
  ...createRedirectsSlice(...a),
  ...createTeamSlice(...a),
  ...createVersionsSlice(...a),
  ...createKeysSlice(...a),
  ...createSubmissionsSlice(...a),
  ...createLegalSlice(...a),
}));
