import { messages } from '../lib/messages.ts';
import { useStore } from '../lib/store/index.ts';
import { Button } from '../ui/Button.tsx';
import { Notice } from '../ui/Layout.tsx';

const PROBLEM_STATUSES = new Set(['unpaid', 'past_due']);

/** Spec 000 §4: a subscription that is unpaid or past due shows the payment warning. */
export function PaymentWarning() {
  const status = useStore((s) => s.user?.subscription.status);
  const canUpdate = useStore((s) => Boolean(s.user?.subscription.stripeCustomerId));
  const openBillingPortal = useStore((s) => s.openBillingPortal);
  if (!status || !PROBLEM_STATUSES.has(status)) return null;
  return (
    <div className="border-b border-amber-200 bg-amber-50 px-4 py-2 sm:px-6" data-testid="payment-warning">
      <div className="mx-auto max-w-7xl">
        <Notice
          tone="warning"
          role="alert"
          action={
            canUpdate ? (
              <Button size="sm" variant="secondary" onClick={() => void openBillingPortal()}>
                Update payment method
              </Button>
            ) : undefined
          }
        >
          {messages.paymentWarning}
        </Notice>
      </div>
    </div>
  );
}
