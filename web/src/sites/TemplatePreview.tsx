import { useState } from 'react';
import { useStore } from '../lib/store/index.ts';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Modal } from '../ui/Modal.tsx';

type Device = 'Desktop' | 'Phone';
const PHONE_WIDTH = 390;

/** The address of a template page, rendered (GET /templates/{templateId}/pages/{pageId}/preview). */
export const templatePageUrl = (templateId: string, pageId: string) =>
  `/api/templates/${encodeURIComponent(templateId)}/pages/${encodeURIComponent(pageId.replace(/\//g, '|'))}/preview`;

function PhoneGlyph() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <rect x="6" y="2" width="12" height="20" rx="2.5" />
      <path d="M11 18h2" />
    </svg>
  );
}

const segment =
  'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-gray-700 hover:text-gray-900 aria-pressed:bg-white aria-pressed:text-brand-700 aria-pressed:shadow-sm';

/**
 * The template page's Preview popup: the template's real pages, rendered by the server as a new
 * site made from it shows them, in a sandboxed frame (no script runs), with its pages to switch
 * between and a desktop or phone width.
 */
export default function TemplatePreview({ templateId }: { templateId: string }) {
  const template = useStore((s) => s.templates.find((t) => t.id === templateId));
  const close = useStore((s) => s.closePopup);
  const [pageId, setPageId] = useState<string | null>(null);
  const [device, setDevice] = useState<Device>('Desktop');
  if (!template) return null;
  const page = template.pages.find((p) => p.id === pageId) ?? template.pages[0];

  return (
    <Modal
      title={`${template.name} preview`}
      description={template.description}
      onClose={close}
      size="full"
      footer={
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
      }
    >
      <div className="flex flex-wrap items-center justify-between gap-3 pb-3">
        <div className="flex flex-wrap gap-0.5 rounded-lg bg-gray-100 p-0.5" role="group" aria-label="Pages">
          {template.pages.map((p) => (
            <button key={p.id} type="button" aria-pressed={p.id === page?.id} onClick={() => setPageId(p.id)} className={segment}>
              {p.name}
            </button>
          ))}
        </div>
        <div className="flex gap-0.5 rounded-lg bg-gray-100 p-0.5" role="group" aria-label="Width">
          {(['Desktop', 'Phone'] as const).map((d) => (
            <button key={d} type="button" aria-pressed={device === d} onClick={() => setDevice(d)} className={segment}>
              {d === 'Desktop' ? <Icon name="monitor" className="size-4" /> : <PhoneGlyph />}
              {d}
            </button>
          ))}
        </div>
      </div>
      <div className="flex h-[calc(100vh-19rem)] min-h-80 justify-center overflow-hidden rounded-xl bg-gray-100 ring-1 ring-gray-900/10">
        {page && (
          <iframe
            key={page.id}
            title={`${template.name} template, ${page.name} page`}
            src={templatePageUrl(template.id, page.id)}
            sandbox=""
            className={`border-0 bg-white ${device === 'Phone' ? 'my-4 h-[calc(100%-2rem)] rounded-[1.75rem] shadow-lg ring-8 ring-gray-900' : 'h-full w-full'}`}
            style={device === 'Phone' ? { width: PHONE_WIDTH } : undefined}
            data-testid="template-preview-frame"
          />
        )}
      </div>
    </Modal>
  );
}
