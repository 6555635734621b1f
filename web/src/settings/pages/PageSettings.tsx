import { useParams } from 'react-router-dom';
import { messages } from '../../lib/messages.ts';
import { AssetSetting, useAssetUrl } from '../form/AssetSetting.tsx';
import { Section } from '../../ui/form/controls.tsx';
import { LocSetting, TextSetting, ToggleSetting } from '../form/controls.tsx';
import { useSetting } from '../form/context.ts';
import { PlanNotice } from '../form/PlanNotice.tsx';
import { SearchResultPreview } from '../form/Previews.tsx';
import { SettingsForm } from '../form/SettingsForm.tsx';
import { bodyFrom } from '../../lib/formValues.ts';
import { locText } from '../../lib/languages.ts';
import { SettingsPage, useFormLanguage } from '../SettingsPage.tsx';
import { useSettings } from '../store/index.ts';
import { useRole, useSite } from '../useSite.ts';
import { CODE_PLACES } from './Code.tsx';

const DESCRIPTION_MAX = 155;

/** Spec 001 §2 settings-page / spec 002 "Page settings": the settings of one page (page/{pageId+}). */
export default function PageSettings() {
  const site = useSite();
  const { owner, readOnly, plan } = useRole();
  const { languages, language } = useFormLanguage();
  const savePage = useSettings((s) => s.savePage);
  const pageId = useParams()['*'] ?? '';
  const page = site.pages?.find((p) => p.id === pageId);
  if (!page) {
    return (
      <SettingsPage title="Page not found" description="The site has no page at this address. Choose a page in the sidebar.">
        {null}
      </SettingsPage>
    );
  }
  const home = page.id === 'home';
  const main = languages[0] ?? 'en';
  return (
    <SettingsPage
      title={`${page.name || locText(page.title, main, main) || page.id} page`}
      description={home ? 'The home page is the address of the site itself.' : `/${page.id}`}
      localized
    >
      <SettingsForm
        key={page.id}
        source={page}
        readOnly={readOnly}
        languages={languages}
        language={language}
        save={(changes) => savePage(page.id, bodyFrom(changes))}
      >
        <Section title="Page">
          <TextSetting
            path="name"
            label="Name"
            help="Shown in the editor's page list."
            check={(v) => (v.trim() ? null : messages.pageNameRequired)}
          />
          {home ? (
            <p className="text-xs text-gray-600">The slug of the home page cannot be changed: it is the site's address.</p>
          ) : (
            <LocSetting path="slug" label="Slug" help="The page's address, per language." />
          )}
        </Section>
        <Section title="Search and sharing">
          <LocSetting path="title" label="Title" help="Shown as “title | base title” in browser tabs and search results." />
          <LocSetting path="description" label="Description" max={DESCRIPTION_MAX} multiline />
          <PagePreview pageId={page.id} />
          <TextSetting
            path="canonical"
            label="Canonical URL"
            type="url"
            placeholder="https://…"
            check={(v) => (v && !/^https?:\/\/[^\s/]+/i.test(v.trim()) ? messages.canonicalInvalid : null)}
            help="When this page's content lives at another address as well; the page's own address when empty."
          />
          <AssetSetting path="share" label="Meta image" kind="share" help="1200×630 pixels; the site's meta image when empty." />
          <AssetSetting path="icon" label="Icon" kind="icon" help="The page's icon where menus and lists show one." />
        </Section>
        {!home && (
          <Section title="Visibility">
            <ToggleSetting
              path="hidden"
              label="Hide from search engines"
              help="Asks search engines not to index the page and leaves it out of the sitemap."
            />
            <ToggleSetting path="unpublished" label="Unpublish" help="The page is left out of the published site." />
          </Section>
        )}
        <Section title="Custom code" description="Added after the site's own custom code, on this page only.">
          {!plan.customCode && <PlanNotice feature="Custom code needs a pricing plan with the custom code feature." owner={owner} />}
          {CODE_PLACES.map((p) => (
            <TextSetting key={p.key} path={`code.${p.key}`} label={p.label} help={p.help} multiline mono disabled={!plan.customCode} />
          ))}
        </Section>
      </SettingsForm>
    </SettingsPage>
  );
}

function PagePreview({ pageId }: { pageId: string }) {
  const site = useSite();
  const { languages, language } = useFormLanguage();
  const main = languages[0] ?? 'en';
  const title = useSetting('title').value;
  const description = useSetting('description').value;
  const slug = useSetting('slug').value;
  const favicon = useAssetUrl(site.settings?.favicon);
  const base = locText(site.settings?.title, language, main) || locText(site.settings?.title, main, main) || site.name;
  const pageTitle = locText(title, language, main) || locText(title, main, main);
  const domain = site.settings?.compile?.domain || site.id;
  const path = pageId === 'home' ? '' : locText(slug, language, main) || locText(slug, main, main) || pageId;
  return (
    <SearchResultPreview
      title={pageTitle ? `${pageTitle} | ${base}` : base}
      url={`https://${domain}/${language !== main ? `${language}/` : ''}${path}`}
      description={locText(description, language, main) || locText(description, main, main)}
      favicon={favicon}
      siteName={site.name}
    />
  );
}
