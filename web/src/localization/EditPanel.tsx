import iconCheck from '@iconify-icons/lucide/check';
import iconSparkles from '@iconify-icons/lucide/sparkles';
import { useEffect, useState } from 'react';
import { api } from '../lib/api.ts';
import { STALE_TRANSLATION } from '../lib/messages.ts';
import { useEditorStore } from '../site/store/context.tsx';
import { languageLabel } from '../lib/languages.ts';
import { SidePanel } from '../ui/SidePanel.tsx';
import { useStore } from '../lib/store/index.ts';
import { useInstance } from '../lib/store/instance.ts';
import { request } from '../lib/store/request.ts';
import { Button } from '../ui/Button.tsx';
import { Iconify } from '../ui/Iconify.tsx';
import { Notice } from '../ui/Layout.tsx';
import { LocalizedInput } from './LocalizedInput.tsx';
import { useLocalization, type Row, type Target } from './store.ts';
import { useSubmit } from '../ui/useSubmit.ts';

/** Spec 002 §9: 'Saved' shows for 2 s. */
const SAVED_MS = 2000;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * 'Edit localization' (spec 002 §2): an input per site language for one row; Save stores the changed
 * languages and says 'Saved' for 2 seconds; text rows offer 'AI Translate' (when the server has
 * an AI provider), hidden once applied.
 */
export function EditPanel({
  siteId,
  target,
  row,
  languages,
  readOnly,
  onClose,
}: {
  siteId: string;
  target: Target;
  row: Row;
  languages: string[];
  readOnly: boolean;
  onClose(): void;
}) {
  const editor = useEditorStore();
  const save = useLocalization((s) => s.save);
  // 'AI Translate' only when the server has an AI provider (issue 28).
  const aiConfigured = useInstance()?.ai === true;
  // Keyed by language in a Map: the keys come from the server's answer.
  const [values, setValues] = useState(() => new Map<string, unknown>(Object.entries(row.values)));
  const before = new Map<string, unknown>(Object.entries(row.values));
  const [saved, setSaved] = useState(false);
  const { busy, errors, submit } = useSubmit();
  const [translating, setTranslating] = useState(false);
  const [translated, setTranslated] = useState(false);
  const [aiError, setAiError] = useState<string | null>(null);
  const main = languages[0] ?? 'en';
  const others = languages.slice(1);

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), SAVED_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);

  const changed = languages.filter((l) => !same(values.get(l), before.get(l)));
  const mainValue = values.get(main);
  const mainText = typeof mainValue === 'string' ? mainValue.trim() : '';
  const single = row.id === 'page:slug' || row.id === 'page:title';

  async function saveRow() {
    if (changed.length === 0 || readOnly) return;
    const body = Object.fromEntries(changed.map((l) => [l, values.get(l) === '' ? null : (values.get(l) ?? null)]));
    const outcome = await submit(() => save(editor, target, row.id, body), 'form');
    if (outcome.error) return;
    setValues(new Map(Object.entries(outcome.data.values)));
    setSaved(true);
  }

  /** The translation still says what the new main text says: saving it as it is takes the stale mark away. */
  async function keep(language: string) {
    const outcome = await submit(() => save(editor, target, row.id, { [language]: before.get(language) ?? null }), 'form');
    if (outcome.error) return;
    setSaved(true);
  }

  async function translate() {
    setTranslating(true);
    setAiError(null);
    const outcome = await request(
      useStore.getState,
      () => api.POST('/ai/translate', { body: { text: mainText, languages: others, siteId } }),
      { overlay: false, toast: false },
    );
    setTranslating(false);
    // The plan gate and a server without an AI provider are said here, plainly, in the server's words.
    if (outcome.error) return setAiError(outcome.error.error);
    const answer = new Map(Object.entries(outcome.data));
    setValues((v) => {
      const next = new Map(v);
      for (const l of others) if (typeof answer.get(l) === 'string') next.set(l, answer.get(l));
      return next;
    });
    setTranslated(true);
  }

  return (
    <SidePanel
      title="Edit localization"
      width={480}
      onClose={onClose}
      onSubmit={() => void saveRow()}
      footer={
        <>
          <span role="status" className="mr-auto flex items-center gap-1 text-[12px] font-medium text-emerald-700">
            {saved && (
              <>
                <Iconify icon={iconCheck} className="size-3.5" /> Saved
              </>
            )}
          </span>
          {aiConfigured && row.kind === 'text' && !translated && !readOnly && others.length > 0 && (
            <Button variant="secondary" size="sm" busy={translating} disabled={!mainText} onClick={() => void translate()}>
              <Iconify icon={iconSparkles} className="size-3.5" /> AI Translate
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close
          </Button>
          {!readOnly && (
            <Button type="submit" size="sm" busy={busy} disabled={changed.length === 0}>
              Save
            </Button>
          )}
        </>
      }
    >
      <p className="text-[12px] text-gray-600">
        <span className="font-medium text-gray-900">{row.type}</span> · a language left empty shows the main language’s{' '}
        {row.kind === 'image' ? 'image' : 'text'}.
      </p>
      {aiError && (
        <Notice tone="error" role="alert">
          {aiError}
        </Notice>
      )}
      {errors.has('form') && (
        <Notice tone="error" role="alert">
          {errors.get('form')}
        </Notice>
      )}
      {languages.map((language, i) => (
        <div key={language} className="space-y-1">
          <LocalizedInput
            kind={row.kind}
            siteId={siteId}
            label={`${languageLabel(language)}${i === 0 ? ' · main language' : ''}`}
            value={values.get(language)}
            main={i === 0 ? undefined : mainValue}
            multiline={!single}
            disabled={readOnly}
            onChange={(v) => {
              setValues((x) => new Map(x).set(language, v));
              setSaved(false);
            }}
          />
          {row.stale.includes(language) && (
            <p className="flex items-center gap-2 text-[12px] text-amber-800" data-testid="stale-note">
              <span>
                <span className="font-medium">Stale.</span> {STALE_TRANSLATION}
              </span>
              {!readOnly && same(values.get(language), before.get(language)) && (
                <Button variant="ghost" size="sm" className="h-6 px-2 text-[11px]" busy={busy} onClick={() => void keep(language)}>
                  Keep translation
                </Button>
              )}
            </p>
          )}
        </div>
      ))}
    </SidePanel>
  );
}
