import { useEffect, useId } from 'react';
import { Link } from 'react-router-dom';
import iconChevron from '@iconify-icons/lucide/chevron-right';
import iconScale from '@iconify-icons/lucide/scale';
import { Button } from '../../ui/Button.tsx';
import { Iconify } from '../../ui/Iconify.tsx';
import { TableHead } from '../../ui/DataTable.tsx';
import { INPUT } from '../../ui/form/controls.tsx';
import { useSetting } from '../form/context.ts';
import { PlanNotice } from '../form/PlanNotice.tsx';
import { SettingsForm } from '../form/SettingsForm.tsx';
import { SettingsPage, useFormLanguage } from '../SettingsPage.tsx';
import { FormSkeleton } from '../../ui/Skeleton.tsx';
import { useSettings } from '../store/index.ts';
import { LEGAL_COLLECTIONS, LEGAL_VARIABLES, type Item } from '../store/legal.ts';
import { useRole, useSite } from '../useSite.ts';
import { COLLECTION_LABELS, VARIABLE_LABELS } from './labels.ts';

/** Spec 002 §2 "Legal": the variables table with a privacy policy preview, and the legal collections. */
export default function LegalOverview() {
  const site = useSite();
  const { owner, readOnly, plan } = useRole();
  const { languages, language } = useFormLanguage();
  const legal = useSettings((s) => s.legal);
  const load = useSettings((s) => s.loadLegal);
  const setVariable = useSettings((s) => s.setGlobalVariable);
  const create = useSettings((s) => s.createLegalCollection);
  const gated = !plan.legal;

  useEffect(() => {
    void load();
  }, [load]);

  // One call per variable (POST /global); the first refusal stops the save and is shown.
  async function save(changes: Map<string, unknown>) {
    for (const [path, value] of changes) {
      const outcome = await setVariable(path, typeof value === 'string' && value.trim() ? value.trim() : null);
      if (outcome.error) return outcome;
    }
    return { data: true };
  }

  return (
    <SettingsPage
      title="Legal"
      description="The details your privacy policy and accessibility statement are written from. Pages show them through {legal.…} variables."
      wide
    >
      {gated && (
        <div className="mb-6 max-w-[480px]">
          <PlanNotice feature="Legal variables and collections need a pricing plan with the legal feature." owner={owner} />
        </div>
      )}
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_360px]">
        <div className="min-w-0">
          <SettingsForm
            source={{ legal: site.globals?.legal ?? {} }}
            readOnly={readOnly || gated}
            languages={languages}
            language={language}
            save={save}
          >
            <table
              className="w-full border-collapse overflow-hidden rounded-lg text-left text-[13px] ring-1 ring-gray-200"
              aria-label="Legal variables"
            >
              <TableHead columns={[{ label: 'Variable', className: 'w-56' }, 'Value']} />
              <tbody>
                {LEGAL_VARIABLES.map((name) => (
                  <VariableRow key={name} name={name} />
                ))}
              </tbody>
            </table>
            <PrivacyPreview items={legal?.items} />
          </SettingsForm>
        </div>
        <section aria-labelledby="legal-collections" className="space-y-3">
          <h2 id="legal-collections" className="text-[13px] font-semibold text-gray-900">
            Legal collections
          </h2>
          {legal === null ? (
            <FormSkeleton rows={2} />
          ) : (
            LEGAL_COLLECTIONS.map((id) => {
              const collection = legal.collections.find((c) => c.id === id);
              const label = COLLECTION_LABELS[id]!;
              return (
                <div key={id} className="flex items-center gap-3 rounded-lg px-3 py-3 ring-1 ring-gray-200" data-testid="legal-collection">
                  <span className="flex size-8 items-center justify-center rounded-md bg-gray-100 text-gray-600">
                    <Iconify icon={iconScale} className="size-4" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-[13px] font-medium text-gray-900">{label.title}</p>
                    <p className="text-xs text-gray-600">
                      {collection ? `${collection.count} ${collection.count === 1 ? 'item' : 'items'}` : label.text}
                    </p>
                  </div>
                  {collection ? (
                    <Link
                      to={id}
                      className="flex items-center gap-0.5 text-xs font-medium text-brand-700 hover:underline"
                      aria-label={`Open ${label.title}`}
                    >
                      Open <Iconify icon={iconChevron} className="size-3.5" />
                    </Link>
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      className="h-7 px-2.5 text-xs"
                      disabled={gated || readOnly}
                      onClick={() => void create(id)}
                      aria-label={`Create ${label.title}`}
                    >
                      Create
                    </Button>
                  )}
                </div>
              );
            })
          )}
        </section>
      </div>
    </SettingsPage>
  );
}

function VariableRow({ name }: { name: (typeof LEGAL_VARIABLES)[number] }) {
  const id = useId();
  const s = useSetting(`legal.${name}`);
  const { label, placeholder } = VARIABLE_LABELS[name];
  return (
    <tr className="border-b border-gray-100 last:border-b-0">
      <th scope="row" className="px-3 py-2 align-top font-normal">
        <label htmlFor={id} className="flex items-center gap-1.5 text-xs font-medium text-gray-800">
          {label}
          {s.changed && <span className="size-1.5 rounded-full bg-brand-600" title="Changed" aria-hidden="true" />}
        </label>
        <code className="text-[11px] text-gray-600">{`{legal.${name}}`}</code>
      </th>
      <td className="px-3 py-2">
        <input
          id={id}
          value={typeof s.value === 'string' ? s.value : ''}
          placeholder={placeholder}
          disabled={s.form.readOnly}
          onChange={(e) => s.set(e.target.value)}
          aria-invalid={Boolean(s.error) || undefined}
          aria-describedby={s.error ? `${id}-message` : undefined}
          className={`${INPUT} h-8`}
        />
        {s.error && (
          <p id={`${id}-message`} className="mt-1 text-xs text-red-700">
            {s.error}
          </p>
        )}
      </td>
    </tr>
  );
}

/** How the privacy policy reads with these details, following the unsaved values. */
function PrivacyPreview({ items }: { items: Map<string, Item[]> | undefined }) {
  const saved = new Map(Object.entries(useSite().globals?.legal ?? {}));
  const changes = useSettings((s) => s.changes);
  const value = (name: string) => {
    const path = `legal.${name}`;
    const current = changes.has(path) ? changes.get(path) : saved.get(name);
    return typeof current === 'string' && current.trim() ? current.trim() : null;
  };
  const v = new Map(LEGAL_VARIABLES.map((name) => [name, value(name)]));
  const show = (name: string) => (
    <mark className="rounded bg-brand-50 px-0.5 text-brand-900">
      {v.get(name as (typeof LEGAL_VARIABLES)[number]) ?? `{legal.${name}}`}
    </mark>
  );
  const names = (id: string) => (items?.get(id) ?? []).filter((i) => i.published !== false).map((i) => String(i.name ?? ''));
  const third = names('_thirdparty');
  const sub = names('_subprocessors');
  return (
    <figure aria-label="Privacy policy preview" className="mt-6 rounded-lg bg-gray-50 p-5 ring-1 ring-gray-200 ring-inset">
      <figcaption className="mb-3 text-[11px] font-semibold tracking-wide text-gray-600 uppercase">Privacy policy preview</figcaption>
      <div className="max-w-prose space-y-2 text-[13px] leading-6 text-gray-800" data-testid="privacy-preview">
        <p className="text-base font-semibold text-gray-900">Privacy policy: {show('register_name')}</p>
        <p>
          The controller is {show('company_name')} (business ID {show('company_business_id')}), {show('company_address')}.
        </p>
        <p>
          Questions about your data go to our data protection officer {show('dpo_name')} at {show('dpo_email')}.
        </p>
        <p>{third.length ? `Third parties: ${third.join(', ')}.` : 'No third parties are listed.'}</p>
        <p>{sub.length ? `Subprocessors: ${sub.join(', ')}.` : 'No subprocessors are listed.'}</p>
        <p>
          Accessibility feedback: {show('accessibility_name')}, {show('accessibility_email')}.
        </p>
      </div>
    </figure>
  );
}
