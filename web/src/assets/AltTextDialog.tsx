import { useState } from 'react';
import { perform } from '../site/actions/registry.ts';
import { editComponentData } from '../editor/public.ts';
import { useActionContext } from '../site/store/context.tsx';
import { withLocText } from '../lib/languages.ts';
import { TextField } from '../ui/Field.tsx';
import { Notice } from '../ui/Layout.tsx';
import { FormModal } from '../ui/Modal.tsx';
import { useSubmit } from '../ui/useSubmit.ts';
import type { PictureUse } from './altText.ts';

/**
 * Asked after an image's picture was replaced (docs/decisions/0079): every place the site shows it,
 * with its alt text ready to describe the new picture. 'Save alt text' writes the ones changed (each
 * an undoable edit of the component, in the main language); 'Keep alt text' leaves them as they are.
 */
export function AltTextDialog({
  file,
  uses,
  main,
  languages,
  onClose,
}: {
  file: string;
  uses: PictureUse[];
  main: string;
  languages: string[];
  onClose(): void;
}) {
  const ctx = useActionContext();
  const [texts, setTexts] = useState(() => new Map(uses.map((u) => [u.id, u.alt])));
  const { busy, errors, fail, submit } = useSubmit();

  async function save() {
    const ok = await submit(async () => {
      let saved = true;
      for (const use of uses) {
        const text = (texts.get(use.id) ?? '').trim();
        if (text === use.alt) continue;
        const value = text === '' && languages.length <= 1 ? null : withLocText(use.raw, main, main, languages, text);
        await perform(ctx, editComponentData, {
          id: use.id,
          patch: new Map([['alt', value]]),
          done: (done) => {
            saved &&= done;
          },
        });
      }
      return saved;
    });
    if (ok) onClose();
    else fail('form', 'Some alt texts were not saved. Try again.');
  }

  return (
    <FormModal
      title={`Alt text for the new ${file}`}
      description="The picture changed, and its alt text still describes the old one. Describe the new picture for people who cannot see it."
      onClose={onClose}
      cancelLabel="Keep alt text"
      submitLabel="Save alt text"
      busy={busy}
      onSubmit={() => void save()}
      className="space-y-3"
    >
      {errors.has('form') && <Notice tone="error">{errors.get('form')}</Notice>}
      {uses.map((use) => (
        <TextField
          key={use.id}
          label={`Alt text on ${use.label}`}
          value={texts.get(use.id) ?? ''}
          onChange={(e) => setTexts((t) => new Map(t).set(use.id, e.target.value))}
        />
      ))}
    </FormModal>
  );
}
