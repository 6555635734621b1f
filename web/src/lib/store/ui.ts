import type { ApiError } from '@pagewright/sdk';
import type { StateCreator } from 'zustand';
import type { Store, StoreMiddleware } from './index.ts';

/** The platform's popups; only one is open at a time (spec 000 §2). Menus count as popups too. */
type Popup =
  | { name: 'message'; siteId: string }
  | { name: 'upgrade' }
  | { name: 'confirm'; title: string; text: string; confirmLabel: string; danger?: boolean; onConfirm: () => void }
  | { name: 'template-preview'; templateId: string }
  | { name: 'menu'; id: string };

export const SIDEBAR_MIN = 200;
export const SIDEBAR_MAX = 560;
export const SIDEBAR_DEFAULT = 260;

export interface UiSlice {
  /** Requests in flight that show the full-screen overlay. */
  pending: number;
  /** The error shown in the red toast. */
  error: ApiError | null;
  popup: Popup | null;
  /** Resizable sidebar widths by sidebar name; persisted. */
  sidebars: Record<string, number>;
  /** Where "back" leads from the user pages: the last path that was not a user page. */
  backPath: string;
  beginFetch(): void;
  endFetch(): void;
  showError(error: ApiError): void;
  dismissError(): void;
  openPopup(popup: Popup): void;
  /** Asks before something that cannot be taken back: the confirm popup, its button the danger one. */
  confirmDanger(question: { title: string; text: string; confirmLabel: string }, onConfirm: () => void): void;
  closePopup(): void;
  setSidebar(name: string, width: number): void;
  setBackPath(path: string): void;
}

const clampSidebar = (width: number) => Math.min(SIDEBAR_MAX, Math.max(SIDEBAR_MIN, Math.round(width)));

export const createUiSlice: StateCreator<Store, StoreMiddleware, [], UiSlice> = (set) => ({
  pending: 0,
  error: null,
  popup: null,
  sidebars: {},
  backPath: '/',
  beginFetch: () => set((s) => ({ pending: s.pending + 1 })),
  endFetch: () => set((s) => ({ pending: Math.max(0, s.pending - 1) })),
  // 401 and 426 are not shown: the client's onError signs out or reloads for those (spec 000 §8).
  showError: (error) => {
    if (error.status !== 401 && error.status !== 426) set({ error });
  },
  dismissError: () => set({ error: null }),
  openPopup: (popup) => set({ popup }),
  confirmDanger: (question, onConfirm) => set({ popup: { name: 'confirm', ...question, danger: true, onConfirm } }),
  closePopup: () => set({ popup: null }),
  setSidebar: (name, width) => set((s) => ({ sidebars: { ...s.sidebars, [name]: clampSidebar(width) } })),
  setBackPath: (backPath) => set({ backPath }),
});
