import { messages } from '../../lib/messages.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Section } from '../../ui/form/controls.tsx';
import { TextSetting } from '../form/controls.tsx';
import { SiteSettingsForm } from '../form/SettingsForm.tsx';
import { SettingsPage } from '../SettingsPage.tsx';
import { useSite } from '../useSite.ts';

const PAYLOAD = `{
  "event": "publish",
  "download": { "md5": "…", "size": 48213, "url": "https://…/export/…", "name": "site-….zip" },
  "timestamp": "2026-11-23T10:15:00.000Z"
}`;

/** Spec 002 §2 "Publish settings": the webhook a publish notifies. */
export default function PublishSettings() {
  const site = useSite();
  const last = site.publish;
  return (
    <SettingsPage title="Publish" description="Publishing compiles the site into a zip and tells your host where to fetch it.">
      <SiteSettingsForm>
        <Section
          title="Webhook"
          description="Each publish posts the zip's download link to this address. No answer within 3 seconds counts as delivered."
        >
          <TextSetting
            path="publish.webhook"
            label="Webhook URL"
            type="url"
            placeholder="https://deploy.example.com/hooks/pagewright"
            check={(v) => (v && !/^https?:\/\/[^\s/]+/i.test(v.trim()) ? messages.webhookInvalid : null)}
            help="A public http or https address."
          />
          <div>
            <p className="mb-1 text-xs font-medium text-gray-800">What the webhook receives</p>
            <pre
              tabIndex={0}
              aria-label="Example webhook payload"
              className="overflow-x-auto rounded-md bg-gray-50 px-3 py-2 font-mono text-[11px] leading-5 text-gray-800 ring-1 ring-gray-200 ring-inset"
            >
              {PAYLOAD}
            </pre>
          </div>
        </Section>
        <Section title="Last publish">
          <p className="text-xs text-gray-700" data-testid="last-publish">
            {last?.timestamp
              ? `${last.type === 'webhook' ? 'Sent to the webhook' : 'Downloaded'} by ${last.author ?? 'someone'} on ${formatDateTime(last.timestamp)}.`
              : 'Not published yet.'}
          </p>
        </Section>
      </SiteSettingsForm>
    </SettingsPage>
  );
}
