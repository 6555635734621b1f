import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { templatePrice } from '../lib/format.ts';
import { TemplatesFailed } from './TemplatesFailed.tsx';
import { TemplateThumbnail } from './Thumbnail.tsx';
import { useStore } from '../lib/store/index.ts';
import type { Template } from '../lib/store/templates.ts';
import { useDocumentTitle } from '../ui/document.ts';
import { Badge, EmptyState, Page, PageHeader } from '../ui/Layout.tsx';

function TemplateCard({ template }: { template: Template }) {
  return (
    <article
      className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-900/5 transition-shadow hover:shadow-md"
      data-testid="template-card"
    >
      <div className="relative aspect-[16/10] overflow-hidden bg-gray-100">
        {template.previewImage && <img src={template.previewImage} alt="" loading="lazy" className="size-full object-cover" />}
        <TemplateThumbnail templateId={template.id} name={template.name} className="absolute inset-0 bg-transparent" />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-base font-semibold text-gray-900">
            <Link to={`/create/templates/${encodeURIComponent(template.id)}`} className="after:absolute after:inset-0 focus:outline-none">
              {template.name}
            </Link>
          </h2>
          <Badge tone={template.price > 0 ? 'amber' : 'green'}>{templatePrice(template.price)}</Badge>
        </div>
        <p className="mt-2 line-clamp-2 flex-1 text-sm text-gray-600">{template.description}</p>
        <p className="mt-4 flex items-center gap-2 text-xs text-gray-600">
          <img src={template.authorImage} alt="" className="size-5 rounded-full" />
          {template.author}
        </p>
      </div>
    </article>
  );
}

/** Create: the template gallery. */
export default function Create() {
  useDocumentTitle('Create a site');
  const templates = useStore((s) => s.templates);
  const loaded = useStore((s) => s.templatesLoaded);
  const failed = useStore((s) => s.templatesFailed);
  const loadTemplates = useStore((s) => s.loadTemplates);

  useEffect(() => {
    void loadTemplates();
  }, [loadTemplates]);

  return (
    <Page>
      <PageHeader title="Create a site" description="Start from a template. Every page, colour and text can be changed later." />
      {failed ? (
        <TemplatesFailed />
      ) : loaded && templates.length === 0 ? (
        <EmptyState icon="layout" title="No templates" text="This server has no templates yet." />
      ) : (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaded
            ? templates.map((t) => <TemplateCard key={t.id} template={t} />)
            : Array.from({ length: 3 }, (_, i) => (
                <div key={i} className="aspect-[4/3] animate-pulse rounded-2xl bg-white ring-1 ring-gray-900/5" />
              ))}
        </div>
      )}
    </Page>
  );
}
