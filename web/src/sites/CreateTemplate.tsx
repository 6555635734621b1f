import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDate, templatePrice } from '../lib/format.ts';
import { CreateSiteForm } from './CreateSiteForm.tsx';
import { FEATURES } from './features.ts';
import { TemplatesFailed } from './TemplatesFailed.tsx';
import { planSwitchesOff } from './planFit.ts';
import { atSiteLimit, DEFAULT_THEME } from './rules.ts';
import { useStore } from '../lib/store/index.ts';
import { Button } from '../ui/Button.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { Icon } from '../ui/Icon.tsx';
import { Badge, EmptyState, Notice, Page } from '../ui/Layout.tsx';
import { TemplateThumbnail } from './Thumbnail.tsx';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-t border-gray-200 pt-8">
      <h2 className="mb-4 text-lg font-semibold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

/** Create-template: the template detail page and its side form. */
export default function CreateTemplate() {
  const { templateId = '' } = useParams();
  const template = useStore((s) => s.templates.find((t) => t.id === templateId));
  const loaded = useStore((s) => s.templatesLoaded);
  const failed = useStore((s) => s.templatesFailed);
  const loadTemplates = useStore((s) => s.loadTemplates);
  const openPopup = useStore((s) => s.openPopup);
  const limited = useStore((s) => atSiteLimit(s.user));
  const plan = useStore((s) => s.user?.plan);
  const billing = useStore((s) => s.user?.billing ?? false);
  const [creating, setCreating] = useState(false);
  useDocumentTitle(template ? `${template.name} template` : 'Template');

  useEffect(() => {
    void loadTemplates();
  }, [loadTemplates]);

  if (failed)
    return (
      <Page>
        <TemplatesFailed />
      </Page>
    );
  if (!loaded) return null;
  if (!template)
    return (
      <Page>
        <EmptyState
          icon="layout"
          title="Template not found"
          text="This template does not exist or is no longer offered."
          action={
            <Link to="/create" className="font-semibold text-brand-700 hover:underline">
              Back to templates
            </Link>
          }
        />
      </Page>
    );

  const theme = template.theme ?? DEFAULT_THEME;
  const useTemplate = () => (limited ? openPopup({ name: 'upgrade' }) : setCreating(true));
  const switchedOff = plan ? planSwitchesOff(template, plan) : [];

  return (
    <Page>
      <Link to="/create" className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-gray-600 hover:text-gray-900">
        <Icon name="chevronLeft" className="size-4" /> All templates
      </Link>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div
          className="relative self-start overflow-hidden rounded-2xl shadow-sm ring-1 ring-gray-900/5"
          style={{ background: `linear-gradient(135deg, ${theme.primary}, ${theme.secondary})` }}
        >
          {template.previewImage && (
            <img src={template.previewImage} alt={`${template.name} template preview`} className="w-full bg-white" />
          )}
          <TemplateThumbnail templateId={template.id} name={template.name} className="absolute inset-0" />
        </div>
        <div>
          <div className="flex items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight">{template.name}</h1>
            <Badge tone={template.price > 0 ? 'amber' : 'green'}>{templatePrice(template.price)}</Badge>
          </div>
          <p className="mt-4 text-base leading-7 text-gray-700">{template.description}</p>
          <div className="mt-6 flex items-center gap-3 text-sm">
            <img src={template.authorImage} alt="" className="size-9 rounded-full" />
            <div>
              <p className="font-medium text-gray-900">{template.author}</p>
              <p className="text-gray-600">
                by {template.vendor} · updated {formatDate(template.updated)}
              </p>
            </div>
          </div>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button size="lg" onClick={useTemplate}>
              Use this template
            </Button>
            <Button size="lg" variant="secondary" onClick={() => openPopup({ name: 'template-preview', templateId: template.id })}>
              <Icon name="eye" className="size-4" />
              Preview
            </Button>
          </div>
          {switchedOff.length > 0 && (
            <div className="mt-6">
              <Notice
                tone="warning"
                title="What your plan switches off"
                action={
                  billing ? (
                    <Link to="/user/plans" className="text-sm font-semibold whitespace-nowrap text-amber-900 underline">
                      See plans
                    </Link>
                  ) : undefined
                }
              >
                <ul aria-label="What your plan switches off" className="list-disc space-y-1 pl-4">
                  {switchedOff.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </Notice>
            </div>
          )}
          <dl className="mt-8 grid grid-cols-3 gap-4 rounded-xl bg-white p-4 text-center shadow-sm ring-1 ring-gray-900/5">
            <div>
              <dt className="text-xs text-gray-600">Pages</dt>
              <dd className="text-lg font-semibold">{template.pages.length}</dd>
            </div>
            <div>
              <dt className="text-xs text-gray-600">Collections</dt>
              <dd className="text-lg font-semibold">{template.collections.length}</dd>
            </div>
            <div>
              <dt className="text-xs text-gray-600">Languages</dt>
              <dd className="text-lg font-semibold">{template.languages?.length ?? 1}</dd>
            </div>
          </dl>
        </div>
      </div>

      <div className="mt-12 grid gap-10 lg:grid-cols-3">
        <div className="space-y-10 lg:col-span-2">
          <Section title="Features">
            <ul className="grid gap-3 sm:grid-cols-2">
              {template.features.map((f) => (
                <li key={f} className="flex gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-900/5">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <Icon name="check" className="size-4" />
                  </span>
                  <span>
                    <span className="block text-sm font-medium text-gray-900">{FEATURES[f].label}</span>
                    <span className="block text-xs text-gray-600">{FEATURES[f].text}</span>
                  </span>
                </li>
              ))}
            </ul>
          </Section>
          <Section title="Pages">
            <ul className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-900/5">
              {template.pages.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
                  <span className="font-medium text-gray-900">{p.name}</span>
                  <code className="text-xs text-gray-600">/{p.id === 'home' ? '' : p.id}</code>
                </li>
              ))}
            </ul>
          </Section>
        </div>
        <div className="space-y-10">
          {template.support && template.support.length > 0 && (
            <Section title="Support">
              <ul className="space-y-2">
                {template.support.map((s) => (
                  <li key={s.url}>
                    <a
                      href={s.url}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-2 text-sm font-medium text-brand-700 hover:underline"
                    >
                      {s.label}
                      <Icon name="external" className="size-3.5" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </Section>
          )}
          {template.collections.length > 0 && (
            <Section title="Collections">
              <div className="flex flex-wrap gap-2">
                {template.collections.map((c) => (
                  <Badge key={c}>{c}</Badge>
                ))}
              </div>
            </Section>
          )}
        </div>
      </div>
      {creating && <CreateSiteForm template={template} onClose={() => setCreating(false)} />}
    </Page>
  );
}
