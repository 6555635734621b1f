import { messages } from '../../messages.ts';
import { Section, TextSetting } from '../form/controls.tsx';
import { SettingsForm } from '../form/SettingsForm.tsx';
import { SettingsPage, useFormLanguage } from '../SettingsPage.tsx';
import { useRole, useSaveSettings, useSite } from '../useSite.ts';

/** The shapes the server checks (ids are written into scripts), so a typo is caught while typing. */
const shape = (pattern: RegExp, name: string) => (v: string) => (v && !pattern.test(v.trim()) ? messages.integrationInvalid(name) : null);

/** Spec 002 §2 "Integrations": their snippets go into the compiled pages only when set. */
export default function IntegrationsSettings() {
  const site = useSite();
  const { readOnly } = useRole();
  const { languages, language } = useFormLanguage();
  const save = useSaveSettings();
  const secretSet = site.settings?.integrations?.botpoisonSecretSet === true;
  return (
    <SettingsPage
      title="Integrations"
      description="Analytics and spam protection. Each adds its script to the published pages only when it is set."
    >
      <SettingsForm source={site.settings} readOnly={readOnly} languages={languages} language={language} save={save}>
        <Section title="Plausible Analytics">
          <TextSetting
            path="integrations.plausibleAnalytics"
            label="Plausible site id"
            placeholder="example.com"
            check={shape(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i, 'plausibleAnalytics')}
          />
          <TextSetting
            path="integrations.plausibleAnalyticsSrc"
            label="Plausible script"
            type="url"
            placeholder="https://plausible.io/js/script.js"
            check={(v) => (v && !/^https?:\/\/[^\s/]+/i.test(v.trim()) ? messages.urlInvalid : null)}
            help="For a self-hosted Plausible; the hosted script when empty."
          />
        </Section>
        <Section title="Google">
          <TextSetting
            path="integrations.googleAnalytics"
            label="Google Analytics"
            placeholder="G-XXXXXXXXXX"
            check={shape(/^[A-Z0-9-]{1,40}$/i, 'googleAnalytics')}
          />
          <TextSetting
            path="integrations.googleTagManager"
            label="Google Tag Manager"
            placeholder="GTM-XXXXXX"
            check={shape(/^GTM-[A-Z0-9]{1,20}$/i, 'googleTagManager')}
          />
        </Section>
        <Section title="Meta">
          <TextSetting
            path="integrations.metaPixel"
            label="Meta Pixel"
            placeholder="123456789012345"
            check={shape(/^\d{1,30}$/, 'metaPixel')}
          />
        </Section>
        <Section title="Botpoison" description="Spam protection for forms; choose it in the form settings.">
          <TextSetting
            path="integrations.botpoisonPublic"
            label="Botpoison public key"
            placeholder="pk_…"
            check={shape(/^[A-Za-z0-9_-]{1,200}$/, 'botpoisonPublic')}
          />
          <TextSetting
            path="integrations.botpoisonSecret"
            label="Botpoison secret key"
            type="password"
            placeholder={secretSet ? 'Stored. Type a new key to replace it' : 'sk_…'}
            help={secretSet ? 'A secret key is stored. It is never shown again.' : 'Stored sealed on the server and never shown again.'}
          />
        </Section>
      </SettingsForm>
    </SettingsPage>
  );
}
