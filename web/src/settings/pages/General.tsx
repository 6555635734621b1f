import { messages } from '../../lib/messages.ts';
import { AssetSetting, useAssetUrl } from '../form/AssetSetting.tsx';
import { Section } from '../../ui/form/controls.tsx';
import { ColorSetting, LocSetting, TextSetting } from '../form/controls.tsx';
import { useSetting } from '../form/context.ts';
import { LanguagesSetting } from '../form/LanguagesSetting.tsx';
import { SearchResultPreview, SharePreview } from '../form/Previews.tsx';
import { SiteSettingsForm } from '../form/SettingsForm.tsx';
import { locText } from '../../lib/languages.ts';
import { SettingsPage, useFormLanguage } from '../SettingsPage.tsx';
import { useRole, useSite } from '../useSite.ts';
import { DeleteSite } from './DeleteSite.tsx';

const DESCRIPTION_MAX = 155;

function nameProblem(name: string): string | null {
  if (!name.trim()) return messages.siteNameRequired;
  if (name.trim().length < 2) return messages.siteNameTooShort;
  return null;
}

/** Spec 002 §2 "General settings". */
export default function GeneralSettings() {
  const site = useSite();
  const { owner, plan } = useRole();
  return (
    <SettingsPage
      title="General"
      description="The site's name, languages and how it appears in search results, shared links and browsers."
      localized
    >
      <SiteSettingsForm>
        <Section title="Site" description="Page titles read “page title | base title”.">
          <TextSetting path="name" label="Name" check={nameProblem} help="Shown in the editor and your site list." />
          <LocSetting path="title" label="Base title" placeholder={site.name} />
          <LocSetting
            path="description"
            label="Description"
            max={DESCRIPTION_MAX}
            multiline
            help="Search engines may show it under the title."
          />
          <Preview kind="search" />
        </Section>
        <Section title="Languages">
          <LanguagesSetting planLanguages={plan.languages} owner={owner} />
        </Section>
        <Section title="Images" description="The meta image shows when a page is shared; the favicon in browser tabs.">
          <AssetSetting path="share" label="Meta image" kind="share" help="1200×630 pixels." />
          <AssetSetting path="favicon" label="Favicon" kind="favicon" help="An SVG, or a PNG of 32×32 pixels." />
          <Preview kind="share" />
        </Section>
        <Section title="Browser and apps">
          <ColorSetting
            path="themeColor"
            label="Theme color"
            placeholder={site.theme.primary}
            help="Tints the browser's interface on phones; the primary colour when empty."
          />
          <TextSetting
            path="appleAppId"
            label="iOS app banner"
            placeholder="App Store id, such as 1234567890"
            check={(v) => (v && !/^\d+$/.test(v.trim()) ? messages.appleAppIdInvalid : null)}
            help="Safari on iPhone shows a banner for your app."
          />
        </Section>
      </SiteSettingsForm>
      {owner && <DeleteSite />}
    </SettingsPage>
  );
}

/** The search result and share previews, following the unsaved values as they are typed. */
function Preview({ kind }: { kind: 'search' | 'share' }) {
  const site = useSite();
  const { languages, language } = useFormLanguage();
  const main = languages[0] ?? 'en';
  const titleValue = useSetting('title').value;
  const descriptionValue = useSetting('description').value;
  const nameValue = useSetting('name').value;
  const favicon = useAssetUrl(useSetting('favicon').value);
  const share = useAssetUrl(useSetting('share').value);
  const title = locText(titleValue, language, main) || locText(titleValue, main, main) || site.name;
  const description = locText(descriptionValue, language, main) || locText(descriptionValue, main, main);
  const home = site.pages?.find((p) => p.id === 'home');
  const homeTitle = home ? locText(home.title, language, main) || locText(home.title, main, main) : '';
  const domain = site.settings?.compile?.domain || site.id;
  const name = typeof nameValue === 'string' && nameValue ? nameValue : site.name;
  const fullTitle = homeTitle && homeTitle !== title ? `${homeTitle} | ${title}` : title;
  return kind === 'search' ? (
    <SearchResultPreview title={fullTitle} url={`https://${domain}`} description={description} favicon={favicon} siteName={name} />
  ) : (
    <div className="max-w-xs">
      <SharePreview image={share} domain={domain} title={fullTitle} description={description} />
    </div>
  );
}
