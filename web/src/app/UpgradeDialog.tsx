import { useNavigate } from 'react-router-dom';
import { messages } from '../lib/messages.ts';
import { PLANS_BY_ADMIN } from '../settings/form/PlanNotice.tsx';
import { useStore } from '../lib/store/index.ts';
import { Button } from '../ui/Button.tsx';
import { Modal } from '../ui/Modal.tsx';

/**
 * Shown when creating a site would pass the plan's site limit (spec 000 §8). On a server without
 * payments (issue 28) the limit is the administrator's: the dialog says so and offers no plans.
 */
export function UpgradeDialog() {
  const close = useStore((s) => s.closePopup);
  const billing = useStore((s) => s.user?.billing ?? false);
  const navigate = useNavigate();
  if (!billing)
    return (
      <Modal
        title="Site limit reached"
        description={`You have reached the site limit for your current plan. ${PLANS_BY_ADMIN}`}
        onClose={close}
        size="sm"
        alert
        footer={
          <Button onClick={close} data-autofocus>
            Close
          </Button>
        }
      />
    );
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
