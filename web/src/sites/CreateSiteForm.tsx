import { useEffect, useId, useRef } from 'react';
import { messages } from '../lib/messages.ts';
import type { Template } from '../lib/store/templates.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/Field.tsx';
import { Icon } from '../ui/Icon.tsx';
import { useScrollLock } from '../ui/Modal.tsx';
import { DomainField } from './DomainField.tsx';
import { useSiteForm } from './useSiteForm.ts';
import { ThemeColours } from './ThemeColours.tsx';

/** The 560 px side form of the template page: site name, domain and colours. */
export function CreateSiteForm({ template, onClose }: { template: Template; onClose(): void }) {
  const form = useSiteForm(template);
  const { values, errors } = form;
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useScrollLock();

  useEffect(() => {
    panel.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  function close() {
    if (form.dirty && !window.confirm(messages.unsavedChanges)) return;
    onClose();
  }

  return (
    <div className="fixed inset-0 z-20 flex justify-end" onKeyDown={(e) => e.key === 'Escape' && close()}>
      <div className="absolute inset-0 animate-fade-in bg-gray-950/30" onClick={close} aria-hidden="true" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="create-site-form"
        className="relative flex h-full w-full max-w-[560px] animate-slide-in flex-col bg-white shadow-2xl"
      >
        <div className="flex h-header shrink-0 items-center justify-between border-b border-gray-200 px-6">
          <h2 id={titleId} className="text-base font-semibold">
            Create your site
          </h2>
          <button type="button" onClick={close} className="rounded-md p-1.5 text-gray-500 hover:bg-gray-100" aria-label="Close">
            <Icon name="x" />
          </button>
        </div>
        <form id="create-site" noValidate onSubmit={form.submit} className="flex-1 space-y-6 overflow-y-auto px-6 py-6">
          <p className="text-sm text-gray-600">
            Based on the <strong className="font-semibold text-gray-900">{template.name}</strong> template.
          </p>
          <TextField
            label="Site name"
            name="name"
            value={values.name}
            onChange={(e) => form.setName(e.target.value)}
            onBlur={() => form.leave('name')}
            error={errors.name}
            placeholder="My new site"
          />
          <DomainField
            value={values.domain}
            error={errors.domain}
            check={form.check}
            onChange={form.setDomain}
            onBlur={() => form.leave('domain')}
          />
          <ThemeColours primary={values.primary} secondary={values.secondary} onPrimary={form.setPrimary} onSecondary={form.setSecondary} />
        </form>
        <div className="flex justify-end gap-3 border-t border-gray-200 px-6 py-4">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="create-site" busy={form.busy}>
            Create site
          </Button>
        </div>
      </div>
    </div>
  );
}
