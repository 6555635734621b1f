import { Link } from 'react-router-dom';
import { messages } from '../../lib/messages.ts';
import { ChoiceSetting } from '../form/ChoiceSetting.tsx';
import { Section } from '../../ui/form/controls.tsx';
import { LocSetting, TextSetting } from '../form/controls.tsx';
import { useSetting } from '../form/context.ts';
import { SiteSettingsForm } from '../form/SettingsForm.tsx';
import { locText } from '../../lib/languages.ts';
import { SettingsPage, useFormLanguage } from '../SettingsPage.tsx';
import { useSite } from '../useSite.ts';
import { SPAM_CHECKS, spamCheckReady } from '../spamChecks.ts';

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** Spec 002 §2 "Forms": spam prevention, forwarding, and the localizable confirmation with a preview. */
export default function FormsSettings() {
  const site = useSite();
  const keys = site.settings?.integrations;
  const help = (ready: boolean) => (ready ? 'Uses the keys of the integrations.' : 'Needs the keys in Integrations.');
  return (
    <SettingsPage
      title="Forms"
      description="What happens when a visitor sends a form of the site."
      localized
      actions={
        <Link to="../forms/submissions" relative="path" className="text-xs font-medium text-brand-700 hover:underline">
          Form submissions
        </Link>
      }
    >
      <SiteSettingsForm>
        <Section title="Spam prevention" description="Every form also has a hidden honeypot field that catches simple bots.">
          <ChoiceSetting
            path="form.spamPrevention"
            label="Spam prevention"
            fallback="none"
            options={[
              { value: 'none', label: 'None' },
              ...SPAM_CHECKS.map((check) => ({ value: check.value, label: check.name, help: help(spamCheckReady(keys, check)) })),
            ]}
          />
        </Section>
        <Section title="Forwarding" description="Each submission is also sent to this address.">
          <TextSetting
            path="form.email"
            label="Forward to e-mail"
            type="email"
            placeholder="hello@example.com"
            check={(v) => (v && !EMAIL.test(v.trim()) ? messages.emailInvalid : null)}
          />
          <TextSetting path="form.emailSubject" label="Forward subject" placeholder="New submission of the form {name}" />
        </Section>
        <Section title="Confirmation" description="Shown to the visitor after sending, in the page's language.">
          <LocSetting path="form.confirmationHeading" label="Confirmation heading" placeholder={messages.formConfirmationHeading} />
          <LocSetting path="form.confirmationText" label="Confirmation message" placeholder={messages.formConfirmationText} multiline />
          <LocSetting path="form.confirmationButton" label="Confirmation button" placeholder={messages.formConfirmationButton} />
          <ConfirmationPreview />
        </Section>
      </SiteSettingsForm>
    </SettingsPage>
  );
}

function ConfirmationPreview() {
  const { languages, language } = useFormLanguage();
  const main = languages[0] ?? 'en';
  const heading = useSetting('form.confirmationHeading').value;
  const text = useSetting('form.confirmationText').value;
  const button = useSetting('form.confirmationButton').value;
  const read = (value: unknown, fallback: string) => locText(value, language, main) || locText(value, main, main) || fallback;
  return (
    <figure aria-label="Confirmation preview" className="rounded-lg bg-gray-50 p-6 ring-1 ring-gray-200 ring-inset">
      <figcaption className="mb-4 text-[11px] font-semibold tracking-wide text-gray-600 uppercase">Preview</figcaption>
      <div className="mx-auto max-w-xs rounded-lg bg-white px-6 py-7 text-center shadow-sm ring-1 ring-gray-900/5">
        <p className="text-base font-semibold text-gray-900" data-testid="confirmation-heading">
          {read(heading, messages.formConfirmationHeading)}
        </p>
        <p className="mt-2 text-[13px] leading-5 text-gray-700">{read(text, messages.formConfirmationText)}</p>
        <span className="mt-5 inline-flex h-8 items-center rounded-md bg-gray-900 px-4 text-xs font-semibold text-white">
          {read(button, messages.formConfirmationButton)}
        </span>
      </div>
    </figure>
  );
}
