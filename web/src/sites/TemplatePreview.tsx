import { useStore } from '../stores/index.ts';
import { Button } from '../ui/Button.tsx';
import { Modal } from '../ui/Modal.tsx';

/** The template page's Preview popup: the template's picture, large. */
export default function TemplatePreview({ templateId }: { templateId: string }) {
  const template = useStore((s) => s.templates.find((t) => t.id === templateId));
  const close = useStore((s) => s.closePopup);
  if (!template) return null;
  return (
    <Modal
      title={`${template.name} preview`}
      description={template.description}
      onClose={close}
      size="xl"
      footer={
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
      }
    >
      <div className="overflow-hidden rounded-xl ring-1 ring-gray-900/10">
        {template.previewImage && <img src={template.previewImage} alt={`${template.name} template preview`} className="w-full" />}
      </div>
    </Modal>
  );
}
