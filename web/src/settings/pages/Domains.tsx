import { useEffect, useState } from 'react';
import iconGlobe from '@iconify-icons/lucide/globe';
import iconPlus from '@iconify-icons/lucide/plus';
import type { Schemas } from '@pagewright/sdk';
import { api } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useStore } from '../../lib/store/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Iconify } from '../../ui/Iconify.tsx';
import { InputField } from '../../ui/form/InputField.tsx';
import { TableSkeleton } from '../../ui/Skeleton.tsx';
import { atField, useSubmit } from '../../ui/useSubmit.ts';
import { SettingsPage } from '../SettingsPage.tsx';
import { useSettings } from '../store/index.ts';
import { useRole } from '../useSite.ts';

type Domain = Schemas['Domain'];
type Domains = Schemas['Domains'];

/**
 * Domains (issue 31 item 3): where the site is live. The owner adds a domain, is shown the DNS
 * records to set (the TXT token that proves the claim, then a CNAME or A/AAAA records pointing at
 * this server), verifies them, and removes a domain; a published site is served at each verified one.
 */
export default function DomainsSettings() {
  const siteId = useSettings((s) => s.siteId) ?? '';
  const { readOnly } = useRole();
  const [list, setList] = useState<Domains | null>(null);

  // Read when the page opens (the list comes from the server: records, verified or not).
  useEffect(() => {
    let current = true;
    void call(() => api.GET('/sites/{siteId}/domains', { params: { path: { siteId } } })).then(({ data }) => {
      if (current) setList(data ?? { domains: [], target: { cname: '', addresses: [] } });
    });
    return () => {
      current = false;
    };
  }, [siteId]);

  const replace = (next: Domain) => setList((l) => l && { ...l, domains: l.domains.map((d) => (d.domain === next.domain ? next : d)) });

  return (
    <SettingsPage
      title="Domains"
      description="Each publish makes the site live at its verified domains, on this server. Add a domain, set its DNS records at your DNS provider, then verify."
      wide
    >
      {!readOnly && (
        <AddDomain
          siteId={siteId}
          onAdded={(d) => setList((l) => l && { ...l, domains: [...l.domains.filter((x) => x.domain !== d.domain), d] })}
        />
      )}
      {list === null ? (
        <TableSkeleton columns={3} rows={2} />
      ) : list.domains.length === 0 ? (
        <EmptyState
          icon={iconGlobe}
          title="No domains yet"
          text="Add the domain visitors should reach the site at, such as www.example.com."
        />
      ) : (
        <ul className="space-y-4" aria-label="Domains">
          {list.domains.map((d) => (
            <DomainCard
              key={d.domain}
              siteId={siteId}
              domain={d}
              readOnly={readOnly}
              onChange={replace}
              onRemoved={() => setList((l) => l && { ...l, domains: l.domains.filter((x) => x.domain !== d.domain) })}
            />
          ))}
        </ul>
      )}
    </SettingsPage>
  );
}

function AddDomain({ siteId, onAdded }: { siteId: string; onAdded(domain: Domain): void }) {
  const [domain, setDomain] = useState('');
  const { busy, errors, clear, fail, submit } = useSubmit<'domain'>();
  async function add() {
    if (!domain.trim()) return fail('domain', 'Enter a domain, such as www.example.com');
    const { data } = await submit(
      () =>
        call(() => api.POST('/sites/{siteId}/domains', { params: { path: { siteId } }, body: { domain: domain.trim() } }), {
          toast: false,
        }),
      atField(['domain'], 'domain'),
    );
    if (data) {
      onAdded(data);
      setDomain('');
    }
  }
  return (
    <form
      aria-label="Add domain"
      className="mb-6 flex max-w-[480px] items-start gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <div className="min-w-0 flex-1">
        <InputField
          label="Domain"
          value={domain}
          placeholder="www.example.com"
          autoComplete="off"
          spellCheck={false}
          onChange={(v) => {
            setDomain(v);
            clear();
          }}
          error={errors.get('domain')}
        />
      </div>
      <Button type="submit" size="sm" busy={busy} className="mt-[22px]">
        <Iconify icon={iconPlus} className="size-3.5" /> Add domain
      </Button>
    </form>
  );
}

function DomainCard({
  siteId,
  domain,
  readOnly,
  onChange,
  onRemoved,
}: {
  siteId: string;
  domain: Domain;
  readOnly: boolean;
  onChange(next: Domain): void;
  onRemoved(): void;
}) {
  const openPopup = useStore((s) => s.openPopup);
  const [verifying, setVerifying] = useState(false);
  const name = domain.domain;
  const path = { siteId, domain: name };

  async function verify() {
    setVerifying(true);
    try {
      const { data } = await call(() => api.POST('/sites/{siteId}/domains/{domain}/verify', { params: { path } }));
      if (data) onChange(data);
    } finally {
      setVerifying(false);
    }
  }

  function remove() {
    openPopup({
      name: 'confirm',
      title: `Remove ${name}?`,
      text: domain.verified ? 'The site stops being served at this domain at once.' : 'The claim of this domain and its token are dropped.',
      confirmLabel: 'Remove',
      danger: true,
      onConfirm: () =>
        void call(() => api.DELETE('/sites/{siteId}/domains/{domain}', { params: { path } })).then(({ error }) => {
          if (!error) onRemoved();
        }),
    });
  }

  const txt = domain.records.filter((r) => r.type === 'TXT');
  const cname = domain.records.filter((r) => r.type === 'CNAME');
  const addresses = domain.records.filter((r) => r.type === 'A' || r.type === 'AAAA');
  return (
    <li aria-label={name} data-testid="domain" className="rounded-lg bg-white p-4 ring-1 ring-gray-200">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="font-mono text-sm font-semibold text-gray-900">{name}</h2>
        {domain.verified ? (
          <span className="rounded-full bg-emerald-50 px-1.5 py-px text-[11px] font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">
            Verified
          </span>
        ) : (
          <span className="rounded-full bg-amber-50 px-1.5 py-px text-[11px] font-medium text-amber-900 ring-1 ring-amber-200 ring-inset">
            Not verified
          </span>
        )}
        <div className="ml-auto flex items-center gap-2">
          {!domain.verified && !readOnly && (
            <Button size="sm" variant="secondary" busy={verifying} onClick={() => void verify()} aria-label={`Verify ${name}`}>
              Verify
            </Button>
          )}
          {!readOnly && (
            <Button size="sm" variant="ghost" onClick={remove} aria-label={`Remove ${name}`}>
              Remove
            </Button>
          )}
        </div>
      </div>
      {domain.verified ? (
        <p className="mt-2 text-xs text-gray-700">
          {domain.url && (
            <>
              Live at{' '}
              <a href={domain.url} target="_blank" rel="noreferrer" className="text-brand-700 underline">
                {domain.url}
              </a>
              {domain.verifiedAt ? ` · verified on ${formatDateTime(domain.verifiedAt)}` : ''}
            </>
          )}
        </p>
      ) : (
        <>
          <p className="mt-2 text-xs leading-5 text-gray-600">
            Set these records at the domain's DNS provider: the TXT record proves the domain is yours, then the CNAME record
            {addresses.length > 0 ? ' (or the A/AAAA records, for a domain without a www)' : ''} brings visitors to this server. Then
            verify; DNS changes may take a few minutes to be seen.
          </p>
          <table className="mt-3 w-full text-left text-xs" aria-label={`DNS records for ${name}`}>
            <thead className="border-b border-gray-200 text-[11px] font-semibold tracking-wide text-gray-600 uppercase">
              <tr>
                {['Type', 'Name', 'Value'].map((label) => (
                  <th key={label} scope="col" className="py-1.5 pr-4 last:pr-0">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {[...txt, ...cname, ...addresses].map((r) => (
                <tr key={`${r.type} ${r.value}`} data-testid="dns-record">
                  <td className="py-1.5 pr-4 font-medium text-gray-900">{r.type}</td>
                  <td className="py-1.5 pr-4 font-mono break-all text-gray-800 select-all">{r.name}</td>
                  <td className="py-1.5 font-mono break-all text-gray-800 select-all">{r.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {domain.problems.length > 0 && (
            <div
              role="status"
              className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-xs leading-5 text-amber-900 ring-1 ring-amber-200 ring-inset"
            >
              <p className="font-medium">Not verified yet</p>
              <ul className="list-disc pl-4">
                {domain.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
              {domain.checkedAt && <p className="text-amber-800">Checked on {formatDateTime(domain.checkedAt)}</p>}
            </div>
          )}
        </>
      )}
    </li>
  );
}
