import { useState } from 'react';
import iconChevron from '@iconify-icons/lucide/chevron-down';
import { Iconify } from '../../ui/Iconify.tsx';
import { Section } from '../../ui/form/controls.tsx';
import { TextSetting } from '../form/controls.tsx';
import { SiteSettingsForm } from '../form/SettingsForm.tsx';
import { SettingsPage } from '../SettingsPage.tsx';
import { useSite } from '../useSite.ts';

/** Social and contact links; the names are those the social component draws icons for. */
const SOCIAL_LINKS: { name: string; label: string; placeholder: string }[] = [
  { name: 'facebook', label: 'Facebook', placeholder: 'https://facebook.com/…' },
  { name: 'instagram', label: 'Instagram', placeholder: 'https://instagram.com/…' },
  { name: 'linkedin', label: 'LinkedIn', placeholder: 'https://linkedin.com/company/…' },
  { name: 'x', label: 'X', placeholder: 'https://x.com/…' },
  { name: 'youtube', label: 'YouTube', placeholder: 'https://youtube.com/@…' },
  { name: 'email', label: 'E-mail', placeholder: 'hello@example.com' },
  { name: 'phone', label: 'Phone', placeholder: '+358 40 123 4567' },
  { name: 'tiktok', label: 'TikTok', placeholder: 'https://tiktok.com/@…' },
  { name: 'pinterest', label: 'Pinterest', placeholder: 'https://pinterest.com/…' },
  { name: 'threads', label: 'Threads', placeholder: 'https://threads.net/@…' },
  { name: 'bluesky', label: 'Bluesky', placeholder: 'https://bsky.app/profile/…' },
  { name: 'mastodon', label: 'Mastodon', placeholder: 'https://mastodon.social/@…' },
  { name: 'github', label: 'GitHub', placeholder: 'https://github.com/…' },
  { name: 'dribbble', label: 'Dribbble', placeholder: 'https://dribbble.com/…' },
  { name: 'behance', label: 'Behance', placeholder: 'https://behance.net/…' },
  { name: 'vimeo', label: 'Vimeo', placeholder: 'https://vimeo.com/…' },
  { name: 'discord', label: 'Discord', placeholder: 'https://discord.gg/…' },
  { name: 'telegram', label: 'Telegram', placeholder: 'https://t.me/…' },
  { name: 'whatsapp', label: 'WhatsApp', placeholder: '+358 40 123 4567' },
  { name: 'maps', label: 'Map', placeholder: 'https://maps.google.com/…' },
  { name: 'website', label: 'Website', placeholder: 'https://…' },
];
const FIRST = 7;

/** Spec 002 §2 "Social": many links, with a 'Show more or less' toggle. */
export default function SocialSettings() {
  const site = useSite();
  const saved = new Map(Object.entries(site.settings?.social ?? {}));
  // Links that are set always show, even those past the first few.
  const [more, setMore] = useState(() => SOCIAL_LINKS.slice(FIRST).some((l) => saved.get(l.name)));
  const shown = more ? SOCIAL_LINKS : SOCIAL_LINKS.slice(0, FIRST);
  return (
    <SettingsPage title="Social" description="Links the site's social component and footer show. Leave empty what you do not use.">
      <SiteSettingsForm>
        <Section title="Links">
          {shown.map((l) => (
            <TextSetting key={l.name} path={`social.${l.name}`} label={l.label} placeholder={l.placeholder} />
          ))}
          <button
            type="button"
            onClick={() => setMore(!more)}
            aria-expanded={more}
            className="flex items-center gap-1 text-xs font-medium text-brand-700 hover:text-brand-800"
          >
            {more ? 'Show less' : 'Show more'}
            <Iconify icon={iconChevron} className={`size-3.5 transition-transform ${more ? 'rotate-180' : ''}`} />
          </button>
        </Section>
      </SiteSettingsForm>
    </SettingsPage>
  );
}
