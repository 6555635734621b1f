import { lazy, Suspense } from 'react';
import { useStore } from '../lib/store/index.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { UpgradeDialog } from './UpgradeDialog.tsx';

// Only screens with a site open these; their code loads with them.
const MessageModal = lazy(() => import('./MessageModal.tsx'));
const TemplatePreview = lazy(() => import('../sites/TemplatePreview.tsx'));

/** Renders the one open popup (spec 000 §2: one popup at a time). Menus render in place. */
export function Popups() {
  const popup = useStore((s) => s.popup);
  if (!popup) return null;
  switch (popup.name) {
    case 'upgrade':
      return <UpgradeDialog />;
    case 'confirm':
      return <ConfirmDialog {...popup} />;
    case 'message':
      return (
        <Suspense fallback={null}>
          <MessageModal siteId={popup.siteId} />
        </Suspense>
      );
    case 'template-preview':
      return (
        <Suspense fallback={null}>
          <TemplatePreview templateId={popup.templateId} />
        </Suspense>
      );
    default:
      return null;
  }
}
