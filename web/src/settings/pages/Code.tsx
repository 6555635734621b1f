import { Section } from '../../ui/form/controls.tsx';
import { TextSetting } from '../form/controls.tsx';
import { PlanNotice } from '../form/PlanNotice.tsx';
import { SiteSettingsForm } from '../form/SettingsForm.tsx';
import { SettingsPage } from '../SettingsPage.tsx';
import { useRole } from '../useSite.ts';

/** The four places custom code goes (spec 002 §2 "Custom code"). */
export const CODE_PLACES = [
  { key: 'headStart', label: 'Head start', help: 'Right after <head>, before everything else.' },
  { key: 'headEnd', label: 'Head end', help: 'Right before </head>: styles, meta tags, verification tags.' },
  { key: 'bodyStart', label: 'Body start', help: 'Right after <body>.' },
  { key: 'bodyEnd', label: 'Body end', help: 'Right before </body>: scripts, chat widgets.' },
] as const;

/** Spec 002 §2 "Custom code": four injection points, gated by plan. */
export default function CodeSettings() {
  const { owner, plan } = useRole();
  return (
    <SettingsPage
      title="Custom code"
      description="Code added to every published page, as written. Each page can add its own in its page settings."
    >
      <SiteSettingsForm>
        {!plan.customCode && (
          <div className="mb-6">
            <PlanNotice feature="Custom code needs a pricing plan with the custom code feature." owner={owner} />
          </div>
        )}
        <Section title="Code">
          {CODE_PLACES.map((p) => (
            <TextSetting key={p.key} path={`code.${p.key}`} label={p.label} help={p.help} multiline mono disabled={!plan.customCode} />
          ))}
        </Section>
      </SiteSettingsForm>
    </SettingsPage>
  );
}
