import { setGlobalVariable } from '../../site/actions/theme.ts';
import { useAction } from '../../site/actions/useAction.ts';
import { useEditor } from '../../site/store/context.tsx';
import { CommitRow, PanelSection } from './controls.tsx';

/**
 * The global variables of spec 001 §3 ("Global variables: site, meta, legal"), as data: each shows in
 * any text as its template variable (`{site.name}`, `{legal.company_name}`).
 */
const GROUPS: ReadonlyArray<{ prefix: 'site' | 'meta' | 'legal'; title: string; keys: ReadonlyArray<[string, string]> }> = [
  {
    prefix: 'site',
    title: 'Site variables',
    keys: [
      ['name', 'Name'],
      ['description', 'Description'],
      ['image', 'Image'],
      ['url', 'URL'],
      ['email', 'Email'],
      ['phone', 'Phone'],
    ],
  },
  {
    prefix: 'meta',
    title: 'Meta variables',
    keys: [
      ['name', 'Name'],
      ['title', 'Title'],
      ['description', 'Description'],
      ['image', 'Image'],
      ['icon', 'Icon'],
    ],
  },
  {
    prefix: 'legal',
    title: 'Legal variables',
    keys: [
      ['register_name', 'Register name'],
      ['company_name', 'Company name'],
      ['company_business_id', 'Business ID'],
      ['company_address', 'Company address'],
      ['dpo_name', 'DPO name'],
      ['dpo_email', 'DPO email'],
      ['accessibility_name', 'Accessibility contact'],
      ['accessibility_email', 'Accessibility email'],
    ],
  },
];

function VariableRow({ variable, label, value }: { variable: string; label: string; value: string }) {
  const { run, enabled } = useAction(setGlobalVariable);
  return (
    <CommitRow
      label={label}
      value={value}
      placeholder={`{${variable}}`}
      disabled={!enabled}
      onCommit={(next, onInvalid) => void run({ variable, value: next, onInvalid })}
    />
  );
}

/** Site, meta and legal variables; the legal ones only when the plan has the legal feature (spec 001 §6). */
export function GlobalVariables() {
  const globals = useEditor((s) => s.site?.globals);
  const legal = useEditor((s) => s.site?.plan.legal === true);
  if (!globals) return null;
  return (
    <>
      {GROUPS.filter((g) => g.prefix !== 'legal' || legal).map((group) => (
        <PanelSection key={group.prefix} title={group.title}>
          <p className="text-[11px] leading-snug text-gray-500">
            Shown in any text as <code className="font-mono text-gray-700">{`{${group.prefix}.${group.keys[0]![0]}}`}</code> and the like.
          </p>
          {group.keys.map(([key, label]) => (
            <VariableRow key={key} variable={`${group.prefix}.${key}`} label={label} value={globals[group.prefix][key] ?? ''} />
          ))}
        </PanelSection>
      ))}
    </>
  );
}
