import { useStore } from '../lib/store/index.ts';
import { Button } from '../ui/Button.tsx';
import { Modal } from '../ui/Modal.tsx';

interface Props {
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm(): void;
}

export function ConfirmDialog({ title, text, confirmLabel, danger, onConfirm }: Props) {
  const close = useStore((s) => s.closePopup);
  return (
    <Modal
      title={title}
      description={text}
      onClose={close}
      size="sm"
      alert
      footer={
        <>
          <Button variant="secondary" onClick={close} data-autofocus>
            Cancel
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            onClick={() => {
              close();
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
