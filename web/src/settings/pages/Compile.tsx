import { useId } from 'react';
import { messages } from '../../messages.ts';
import { Row, Section, SelectSetting, TextSetting, ToggleSetting } from '../form/controls.tsx';
import { useSetting } from '../form/context.ts';
import { PlanNotice } from '../form/PlanNotice.tsx';
import { SettingsForm } from '../form/SettingsForm.tsx';
import { languageLabel } from '../languages.ts';
import { SettingsPage, useFormLanguage } from '../SettingsPage.tsx';
import { useRole, useSaveSettings, useSite } from '../useSite.ts';

const HOST = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const isHttp = (v: string) => /^https?:\/\/[^\s/]+/i.test(v.trim());

/** Spec 002 §2 "Compile settings". */
export default function CompileSettings() {
  const site = useSite();
  const { owner, readOnly, plan } = useRole();
  const { languages, language } = useFormLanguage();
  const save = useSaveSettings();
  const hasRedirects = (site.settings?.redirects?.length ?? 0) > 0;
  return (
    <SettingsPage title="Compile" description="Where the published site lives and how its files are written.">
      <SettingsForm source={site.settings} readOnly={readOnly} languages={languages} language={language} save={save}>
        <Section title="Address" description="Sitemaps, canonical links and share links are made from these.">
          <TextSetting
            path="compile.domain"
            label="Domain"
            placeholder={site.id}
            check={(v) => (v && !HOST.test(v.trim()) ? messages.domainSetting : null)}
          />
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
              options={[
                { value: 'none', label: 'None' },
                { value: 'meta', label: 'Meta refresh pages' },
              ]}
            />
          )}
          <CompileLanguages />
          <SelectSetting
            path="compile.optimize"
            label="Optimize"
            fallback="nothing"
            options={[
              { value: 'nothing', label: 'Nothing' },
              { value: 'html', label: 'HTML' },
              { value: 'css', label: 'CSS' },
              { value: 'both', label: 'Both' },
            ]}
          />
        </Section>
        <Section title="Options">
          <ToggleSetting
            path="compile.downloadFonts"
            label="Download webfonts"
            help="The fonts Pagewright ships are always served from the site. On: other theme fonts are never loaded from Google Fonts; a size-matched system font stands in."
          />
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
      </SettingsForm>
    </SettingsPage>
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
