import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import iconCheck from '@iconify-icons/lucide/check';
import { messages } from '../../lib/messages.ts';
import { useStore } from '../../lib/store/index.ts';
import type { Outcome } from '../../lib/store/request.ts';
import { Button } from '../../ui/Button.tsx';
import { Iconify } from '../../ui/Iconify.tsx';
import { SAVED_MS } from '../store/form.ts';
import { useSettings } from '../store/index.ts';
import { FormContext } from './context.ts';
import { useFormLanguage } from '../SettingsPage.tsx';
import { useRole, useSaveSettings, useSite } from '../useSite.ts';

interface Props {
  source: unknown;
  readOnly?: boolean;
  languages: string[];
  language: string;
  save(changes: Map<string, unknown>): Promise<Outcome<unknown>>;
  children: ReactNode;
}

/**
 * A settings form (spec 002 "Settings form layout"): the fields read their saved values from `source`,
 * changes collect in the store, and the bottom bar appears once the change count is above zero with
 * 'Save (n)' and 'Undo all changes'. Leaving with unsaved changes asks first.
 */
export function SettingsForm({ source, readOnly = false, languages, language, save, children }: Props) {
  const context = useMemo(() => ({ source, readOnly, languages, language }), [source, readOnly, languages, language]);
  const undoAll = useSettings((s) => s.undoAll);
  const count = useSettings((s) => s.changes.size);
  const submit = useSettings((s) => s.submitForm);
  const confirmDanger = useStore((s) => s.confirmDanger);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => count > 0 && currentLocation.pathname !== nextLocation.pathname);

  // A form's changes belong to it: another page starts clean.
  useEffect(() => () => undoAll(), [undoAll]);

  // Asked once per blocked navigation; closing the question without leaving stays here.
  const asked = useRef(false);
  const popupOpen = useStore((s) => s.popup?.name === 'confirm');
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      asked.current = false;
      return;
    }
    if (!asked.current) {
      asked.current = true;
      confirmDanger({ title: 'Unsaved changes', text: messages.unsavedChanges, confirmLabel: 'Leave without saving' }, () => {
        undoAll();
        blocker.proceed();
      });
    } else if (!popupOpen) {
      blocker.reset();
    }
  }, [blocker, popupOpen, confirmDanger, undoAll]);

  return (
    <FormContext.Provider value={context}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit(save);
        }}
        aria-label="Settings"
        className="pb-8"
      >
        {children}
        <BottomBar />
      </form>
    </FormContext.Provider>
  );
}

function BottomBar() {
  const { count, saving, savedAt, invalid } = useSettings(
    useShallow((s) => ({ count: s.changes.size, saving: s.saving, savedAt: s.savedAt, invalid: s.fieldErrors.size > 0 })),
  );
  const undoAll = useSettings((s) => s.undoAll);
  // 'Saved' shows for SAVED_MS after a save: until the timer marks that save as faded.
  const [fadedAt, setFadedAt] = useState<number | null>(null);
  const showSaved = Boolean(savedAt) && fadedAt !== savedAt;
  useEffect(() => {
    if (!savedAt) return;
    const timer = setTimeout(() => setFadedAt(savedAt), SAVED_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  if (count === 0 && !showSaved) return null;
  return (
    <div className="pointer-events-none sticky bottom-4 z-20 mt-6 flex justify-center" data-testid="settings-bottom-bar">
      <div
        role="region"
        aria-label="Unsaved changes"
        className="pointer-events-auto flex animate-fade-in items-center gap-3 rounded-xl bg-gray-900 py-2 pr-2 pl-4 text-[13px] text-white shadow-xl ring-1 ring-black/10"
      >
        {count > 0 ? (
          <>
            <span className="text-gray-300">
              {count} unsaved {count === 1 ? 'change' : 'changes'}
            </span>
            <button
              type="button"
              onClick={undoAll}
              disabled={saving}
              className="h-8 rounded-md px-3 font-medium text-white hover:bg-white/10 disabled:opacity-50"
            >
              Undo all changes
            </button>
            <Button type="submit" size="sm" busy={saving} disabled={invalid}>
              Save ({count})
            </Button>
          </>
        ) : (
          <span role="status" className="flex items-center gap-1.5 py-1.5 pr-2 text-emerald-300">
            <Iconify icon={iconCheck} className="size-4" /> {messages.saved}
          </span>
        )}
      </div>
    </div>
  );
}

/** The site's settings as a form (a settings page's): in the form's language, read-only for a role that may not change them. */
export function SiteSettingsForm({ children }: { children: ReactNode }) {
  const site = useSite();
  const { readOnly } = useRole();
  const { languages, language } = useFormLanguage();
  const save = useSaveSettings();
  return (
    <SettingsForm source={site.settings} readOnly={readOnly} languages={languages} language={language} save={save}>
      {children}
    </SettingsForm>
  );
}
