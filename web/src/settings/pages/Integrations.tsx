import { messages } from '../../lib/messages.ts';
import { Section } from '../../ui/form/controls.tsx';
import { TextSetting } from '../form/controls.tsx';
import { SiteSettingsForm } from '../form/SettingsForm.tsx';
import { SettingsPage } from '../SettingsPage.tsx';
import { useSite } from '../useSite.ts';
import { secretSet, SPAM_CHECKS } from '../spamChecks.ts';

/** The shapes the server checks (ids are written into scripts), so a typo is caught while typing. */
const shape = (pattern: RegExp, name: string) => (v: string) => (v && !pattern.test(v.trim()) ? messages.integrationInvalid(name) : null);

const KEY = /^[A-Za-z0-9_-]{1,200}$/;

/** Spec 002 §2 "Integrations": their snippets go into the compiled pages only when set. */
export default function IntegrationsSettings() {
  const site = useSite();
  const keys = site.settings?.integrations;
  return (
    <SettingsPage
      title="Integrations"
      description="Analytics and spam protection. Each adds its script to the published pages only when it is set."
    >
      <SiteSettingsForm>
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
        {SPAM_CHECKS.map((check) => (
          <Section key={check.name} title={check.name} description={check.description}>
            <TextSetting
              path={`integrations.${check.key}`}
              label={`${check.name} ${check.keyName}`}
              placeholder={check.keyPlaceholder}
              check={shape(KEY, check.key)}
            />
            <SecretSetting
              path={`integrations.${check.secret}`}
              label={`${check.name} secret key`}
              placeholder={check.secretPlaceholder}
              set={secretSet(keys, check)}
            />
          </Section>
        ))}
      </SiteSettingsForm>
    </SettingsPage>
  );
}

/** A secret key: written, sealed on the server, and never shown again (only whether one is stored). */
function SecretSetting({ path, label, placeholder, set }: { path: string; label: string; placeholder: string; set: boolean }) {
  return (
    <TextSetting
      path={path}
      label={label}
      type="password"
      placeholder={set ? 'Stored. Type a new key to replace it' : placeholder}
      help={set ? 'A secret key is stored. It is never shown again.' : 'Stored sealed on the server and never shown again.'}
    />
  );
}
