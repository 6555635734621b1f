import { domainProblem, normalizeDomain, siteNameProblem } from '@pagewright/sdk/rules';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useBlocker, useNavigate } from 'react-router-dom';
import { messages } from '../lib/messages.ts';
import { useStore } from '../lib/store/index.ts';
import type { Template } from '../lib/store/templates.ts';
import { useDomainCheck } from './domainCheck.ts';
import { DEFAULT_THEME } from './rules.ts';
import { editorPath } from './SiteCard.tsx';
import { createFailure, fieldErrors, type ServerErrors } from './siteForm.ts';

/** Spec 000 §5: leaving a side form with unsaved changes (for another path) asks first. */
function useLeaveGuard(unsaved: () => boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved() && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(messages.unsavedChanges)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
}

/**
 * The state of the create-site form: the values, their messages, the domain check and the submit,
 * which creates the site and opens its editor.
 */
export function useSiteForm(template: Template) {
  const theme = template.theme ?? DEFAULT_THEME;
  const createSite = useStore((s) => s.createSite);
  const checkDomain = useStore((s) => s.checkDomain);
  const openPopup = useStore((s) => s.openPopup);
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const [primary, setPrimary] = useState(theme.primary);
  const [secondary, setSecondary] = useState(theme.secondary);
  const [touched, setTouched] = useState({ name: false, domain: false });
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const { check, verify } = useDomainCheck(domain, checkDomain);
  const [busy, setBusy] = useState(false);
  const created = useRef(false);
  const dirty = name !== '' || domain !== '' || primary !== theme.primary || secondary !== theme.secondary;
  useLeaveGuard(() => dirty && !created.current);

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
    const failure = createFailure(error);
    if (failure === 'upgrade') openPopup({ name: 'upgrade' });
    else setServerErrors(failure);
  }

  return {
    values: { name, domain, primary, secondary },
    errors: fieldErrors({ name, domain }, touched, serverErrors, check),
    check,
    busy,
    dirty,
    submit,
    setName(value: string) {
      setName(value);
      setServerErrors((s) => ({ ...s, name: undefined }));
    },
    setDomain(value: string) {
      setDomain(value);
      setServerErrors((s) => ({ ...s, domain: undefined }));
    },
    setPrimary,
    setSecondary,
    /** The field was left: its rule's message shows from now on. */
    leave: (field: 'name' | 'domain') => setTouched((t) => ({ ...t, [field]: true })),
  };
}
