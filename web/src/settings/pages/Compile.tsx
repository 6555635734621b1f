import type { Schemas } from '@pagewright/sdk';
import { useEffect, useId, useState } from 'react';
import { api } from '../../lib/api.ts';
import { messages, NO_SITEMAP } from '../../lib/messages.ts';
import { Row, Section } from '../../ui/form/controls.tsx';
import { SelectSetting, TextSetting, ToggleSetting } from '../form/controls.tsx';
import { useSetting } from '../form/context.ts';
import { PlanNotice } from '../form/PlanNotice.tsx';
import { SiteSettingsForm } from '../form/SettingsForm.tsx';
import { languageLabel } from '../../lib/languages.ts';
import { SettingsPage } from '../SettingsPage.tsx';
import { useRole, useSite } from '../useSite.ts';

const HOST = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const isHttp = (v: string) => /^https?:\/\/[^\s/]+/i.test(v.trim());

/** What the compile writes for each redirect besides the _redirects file. */
const REDIRECT_OUTPUT = [
  { value: 'none', label: 'None' },
  { value: 'meta', label: 'Meta refresh pages' },
];
/** What the compile minifies. */
const OPTIMIZE = [
  { value: 'nothing', label: 'Nothing' },
  { value: 'html', label: 'HTML' },
  { value: 'css', label: 'CSS' },
  { value: 'both', label: 'Both' },
];

/** Spec 002 §2 "Compile settings". */
export default function CompileSettings() {
  const site = useSite();
  const { owner, plan } = useRole();
  const hasRedirects = (site.settings?.redirects?.length ?? 0) > 0;
  return (
    <SettingsPage title="Compile" description="Where the published site lives and how its files are written.">
      <SiteSettingsForm>
        <Section title="Address" description="Sitemaps, canonical links and share links are made from these.">
          <DomainSetting olderAddress={Boolean(site.settings?.url?.trim())} placeholder={site.id} />
          <TextSetting
            path="compile.basePath"
            label="Base path"
            placeholder="/"
            help="When the site lives in a folder of its domain, such as /docs."
          />
          <TextSetting
            path="compile.cdnUrl"
            label="Custom CDN"
            type="url"
            placeholder="https://cdn.example.com"
            check={(v) => (v && !isHttp(v) ? messages.urlInvalid : null)}
            help="Serves the site's files (/assets/…) from this address."
          />
        </Section>
        <Section title="Output">
          {hasRedirects && (
            <SelectSetting
              path="compile.redirects"
              label="Redirects"
              fallback="meta"
              help="A _redirects file is always written; meta also writes a page per redirect for hosts that do not read it."
              options={REDIRECT_OUTPUT}
            />
          )}
          <CompileLanguages />
          <SelectSetting path="compile.optimize" label="Optimize" fallback="nothing" options={OPTIMIZE} />
        </Section>
        <Section title="Options">
          <DownloadFonts siteId={site.id} />
          <ToggleSetting path="compile.https" label="Enable HTTPS" defaultOn help="Addresses of the site start with https://." />
          <ToggleSetting
            path="compile.production"
            label="Is production site"
            defaultOn
            help="Off asks search engines not to index the site."
          />
          <ToggleSetting path="compile.noTimestamp" label="Remove compile timestamp" help="Leaves out the time each page was compiled." />
          <ToggleSetting
            path="compile.noAttribution"
            label="Remove attribution"
            disabled={!plan.noAttribution}
            help="Leaves out the Pagewright generator tag."
          />
          {!plan.noAttribution && <PlanNotice feature="Removing the attribution needs a pricing plan that includes it." owner={owner} />}
        </Section>
      </SiteSettingsForm>
    </SettingsPage>
  );
}

/** The domain; while it is empty the published site has no sitemap, and the help says why. */
function DomainSetting({ olderAddress, placeholder }: { olderAddress: boolean; placeholder: string }) {
  const s = useSetting('compile.domain');
  const empty = !(typeof s.value === 'string' && s.value.trim());
  return (
    <TextSetting
      path="compile.domain"
      label="Domain"
      placeholder={placeholder}
      help={empty && !olderAddress ? NO_SITEMAP : undefined}
      check={(v) => (v && !HOST.test(v.trim()) ? messages.domainSetting : null)}
    />
  );
}

type WebFontsStatus = Schemas['WebFontsStatus'];

/**
 * "Download webfonts": every theme font ships with the site, fetched once from the server's font
 * source. When the source cannot be reached (a server without network) the help says so and what the
 * published site shows instead.
 */
function DownloadFonts({ siteId }: { siteId: string }) {
  const on = useSetting('compile.downloadFonts').value === true;
  const [status, setStatus] = useState<WebFontsStatus | null>(null);
  useEffect(() => {
    if (!on) return;
    let live = true;
    void api
      .GET('/sites/{siteId}/webfonts', { params: { path: { siteId } } })
      .then(({ data }) => live && data && setStatus(data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [on, siteId]);
  const problem = on ? status?.message : null;
  return (
    <ToggleSetting
      path="compile.downloadFonts"
      label="Download webfonts"
      help={
        problem ? (
          <span role="alert" className="text-amber-800">
            {problem}
          </span>
        ) : (
          'On: every theme font is downloaded once to this server and published with the site; nothing is loaded from Google Fonts.'
        )
      }
    />
  );
}

/** The languages to compile: every one by default; saved as empty when all are chosen (spec 002 §4). */
function CompileLanguages() {
  const id = useId();
  const s = useSetting('compile.languages');
  const all = s.form.languages;
  const chosen = Array.isArray(s.value) && s.value.length > 0 ? all.filter((l) => (s.value as unknown[]).includes(l)) : all;
  function toggle(code: string, on: boolean) {
    const next = on ? all.filter((l) => chosen.includes(l) || l === code) : chosen.filter((l) => l !== code);
    if (next.length === 0) return;
    // Every language is the same as none named: keep the saved form so it is no change.
    s.set(next.length === all.length ? (Array.isArray(s.saved) && s.saved.length > 0 ? [] : s.saved) : next);
  }
  return (
    <Row
      id={id}
      label="Languages"
      help="The languages compiled into the published site."
      changed={s.changed}
      error={s.error}
      control={false}
    >
      <div className="flex flex-wrap gap-x-4 gap-y-2" role="group" aria-labelledby={`${id}-label`}>
        {all.map((code) => (
          <label key={code} className="flex items-center gap-1.5 text-xs text-gray-800">
            <input
              type="checkbox"
              checked={chosen.includes(code)}
              disabled={s.form.readOnly || (chosen.length === 1 && chosen.includes(code))}
              onChange={(e) => toggle(code, e.target.checked)}
              className="size-3.5 accent-brand-600"
            />
            {languageLabel(code)}
          </label>
        ))}
      </div>
    </Row>
  );
}
