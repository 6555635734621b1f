import iconCheck from '@iconify-icons/lucide/check';
import iconSparkles from '@iconify-icons/lucide/sparkles';
import { useEffect, useState } from 'react';
import { api } from '../api.ts';
import { useEditorStore } from '../editor/store/context.tsx';
import { languageLabel } from '../settings/languages.ts';
import { SidePanel } from '../settings/SidePanel.tsx';
import { useStore } from '../stores/index.ts';
import { request } from '../stores/request.ts';
import { Button } from '../ui/Button.tsx';
import { Iconify } from '../ui/Iconify.tsx';
import { Notice } from '../ui/Layout.tsx';
import { LocalizedInput } from './LocalizedInput.tsx';
import { useLocalization, type Row, type Target } from './store.ts';

/** Spec 002 §9: 'Saved' shows for 2 s. */
const SAVED_MS = 2000;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * 'Edit localization' (spec 002 §2): an input per site language for one row; Save stores the changed
 * languages and says 'Saved' for 2 seconds; text rows offer 'AI Translate', hidden once applied.
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
  // Keyed by language in a Map: the keys come from the server's answer.
  const [values, setValues] = useState(() => new Map<string, unknown>(Object.entries(row.values)));
  const before = new Map<string, unknown>(Object.entries(row.values));
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
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

  async function submit() {
    if (changed.length === 0 || readOnly) return;
    setBusy(true);
    setError(null);
    const body = Object.fromEntries(changed.map((l) => [l, values.get(l) === '' ? null : (values.get(l) ?? null)]));
    const outcome = await save(editor, target, row.id, body);
    setBusy(false);
    if (outcome.error) return setError(outcome.error.error);
    setValues(new Map(Object.entries(outcome.data.values)));
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
      onSubmit={() => void submit()}
      footer={
        <>
          <span role="status" className="mr-auto flex items-center gap-1 text-[12px] font-medium text-emerald-700">
            {saved && (
              <>
                <Iconify icon={iconCheck} className="size-3.5" /> Saved
              </>
            )}
          </span>
          {row.kind === 'text' && !translated && !readOnly && others.length > 0 && (
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
      {error && (
        <Notice tone="error" role="alert">
          {error}
        </Notice>
      )}
      {languages.map((language, i) => (
        <LocalizedInput
          key={language}
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
      ))}
    </SidePanel>
  );
}
