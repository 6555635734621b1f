/** The CMS group of the inspector (spec 001 §3 "CMS group", §4 "CMS data source mode"). */
export { CmsBindingGroup, type CmsBindingGroupProps } from './CmsBindingGroup.tsx';
export { setComponentData } from './actions.ts';
export type { DataPatch } from './state.ts';
