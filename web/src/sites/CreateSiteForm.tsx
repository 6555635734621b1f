import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useBlocker, useNavigate } from 'react-router-dom';
import { messages } from '../messages.ts';
import { useStore } from '../stores/index.ts';
import type { Template } from '../stores/templates.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/Field.tsx';
import { Icon, Spinner } from '../ui/Icon.tsx';
import { useScrollLock } from '../ui/Modal.tsx';
import { editorPath } from './SiteCard.tsx';
import { domainProblem, normalizeDomain, siteNameProblem } from '@pagewright/sdk/rules';
import { useDomainCheck } from './domainCheck.ts';
import { DEFAULT_THEME } from './rules.ts';

/** The 560 px side form of the template page: site name, domain and colours. */
export function CreateSiteForm({ template, onClose }: { template: Template; onClose(): void }) {
  const theme = template.theme ?? DEFAULT_THEME;
  const createSite = useStore((s) => s.createSite);
  const checkDomain = useStore((s) => s.checkDomain);
  const openPopup = useStore((s) => s.openPopup);
  const navigate = useNavigate();
  const titleId = useId();
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const [primary, setPrimary] = useState(theme.primary);
  const [secondary, setSecondary] = useState(theme.secondary);
  const [touched, setTouched] = useState({ name: false, domain: false });
  const [serverErrors, setServerErrors] = useState<{ name?: string; domain?: string }>({});
  const { check, verify } = useDomainCheck(domain, checkDomain);
  const [busy, setBusy] = useState(false);
  const created = useRef(false);
  const panel = useRef<HTMLDivElement>(null);
  useScrollLock();

  const dirty = name !== '' || domain !== '' || primary !== theme.primary || secondary !== theme.secondary;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !created.current && currentLocation.pathname !== nextLocation.pathname,
  );

  // Spec 000 §5: leaving a side form with unsaved changes asks first.
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(messages.unsavedChanges)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    panel.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  const nameError = serverErrors.name ?? (touched.name ? siteNameProblem(name) : null);
  const localDomainError = touched.domain ? domainProblem(domain) : null;
  const domainError = serverErrors.domain ?? localDomainError ?? (check?.state === 'invalid' ? check.message : null);

  function close() {
    if (dirty && !window.confirm(messages.unsavedChanges)) return;
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ name: true, domain: true });
    setServerErrors({});
    const siteId = normalizeDomain(domain);
    if (siteNameProblem(name) || domainProblem(siteId)) return;
    setBusy(true);
    const verdict = check && check.state !== 'checking' ? check : await verify(siteId);
    if (verdict.state === 'invalid') return setBusy(false);
    const { data, error } = await createSite({ name: name.trim(), siteId, templateId: template.id, theme: { primary, secondary } });
    setBusy(false);
    if (data) {
      created.current = true;
      return navigate(editorPath(data.id));
    }
    if (error.status === 402) return openPopup({ name: 'upgrade' });
    const field = (error.info as { field?: string } | undefined)?.field;
    if (error.code === 'DOMAIN_TAKEN' || field === 'siteId') setServerErrors({ domain: error.error });
    else if (field === 'name') setServerErrors({ name: error.error });
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
        <form id="create-site" noValidate onSubmit={submit} className="flex-1 space-y-6 overflow-y-auto px-6 py-6">
          <p className="text-sm text-gray-600">
            Based on the <strong className="font-semibold text-gray-900">{template.name}</strong> template.
          </p>
          <TextField
            label="Site name"
            name="name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setServerErrors((s) => ({ ...s, name: undefined }));
            }}
            onBlur={() => setTouched((t) => ({ ...t, name: true }))}
            error={nameError}
            placeholder="My new site"
          />
          <div>
            <TextField
              label="Domain"
              name="domain"
              value={domain}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(e) => {
                setDomain(e.target.value);
                setServerErrors((s) => ({ ...s, domain: undefined }));
              }}
              onBlur={() => setTouched((t) => ({ ...t, domain: true }))}
              error={domainError}
              placeholder="example.com"
              hint="The domain becomes the site's ID and cannot be changed later."
            />
            <p className="mt-1.5 h-5 text-sm" aria-live="polite">
              {!domainError && check?.state === 'checking' && (
                <span className="inline-flex items-center gap-1.5 text-gray-600">
                  <Spinner className="size-3.5" /> Checking availability…
                </span>
              )}
              {!domainError && check?.state === 'valid' && (
                <span className="inline-flex items-center gap-1.5 text-emerald-700">
                  <Icon name="check" className="size-4" /> Available
                </span>
              )}
            </p>
          </div>
          <ThemeColours primary={primary} secondary={secondary} onPrimary={setPrimary} onSecondary={setSecondary} />
        </form>
        <div className="flex justify-end gap-3 border-t border-gray-200 px-6 py-4">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="create-site" busy={busy}>
            Create site
          </Button>
        </div>
      </div>
    </div>
  );
}

/** The two theme colours a new site starts from, each a colour input with its hex value. */
function ThemeColours(props: {
  primary: string;
  secondary: string;
  onPrimary: (value: string) => void;
  onSecondary: (value: string) => void;
}) {
  const colours = [
    { label: 'Primary', value: props.primary, set: props.onPrimary },
    { label: 'Secondary', value: props.secondary, set: props.onSecondary },
  ];
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-gray-800">Theme colours</legend>
      <div className="grid grid-cols-2 gap-4">
        {colours.map((c) => (
          <label key={c.label} className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm ring-1 ring-gray-300 ring-inset">
            <input
              type="color"
              value={c.value}
              onChange={(e) => c.set(e.target.value)}
              className="size-8 cursor-pointer rounded border-0 bg-transparent p-0"
            />
            <span>
              <span className="block font-medium text-gray-900">{c.label}</span>
              <span className="block font-mono text-xs text-gray-600 uppercase">{c.value}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
