import { useNavigate } from 'react-router-dom';
import { messages } from '../messages.ts';
import { useStore } from '../stores/index.ts';
import { Button } from '../ui/Button.tsx';
import { Modal } from '../ui/Modal.tsx';

/** Shown when creating a site would pass the plan's site limit (spec 000 §8). */
export function UpgradeDialog() {
  const close = useStore((s) => s.closePopup);
  const navigate = useNavigate();
  return (
    <Modal
      title={messages.upgradeNeededTitle}
      description={messages.siteLimit}
      onClose={close}
      size="sm"
      alert
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Not now
          </Button>
          <Button onClick={() => navigate('/user/plans')} data-autofocus>
            See plans
          </Button>
        </>
      }
    />
  );
}
