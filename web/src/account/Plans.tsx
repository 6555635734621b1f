import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { formatDate, formatPrice, formatStorage, planLimit } from '../lib/format.ts';
import { messages } from '../lib/messages.ts';
import type { BillingFrequency, Plan } from '../lib/store/billing.ts';
import { useStore } from '../lib/store/index.ts';
import { Button } from '../ui/Button.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { Icon } from '../ui/Icon.tsx';
import { Badge, Card, Notice } from '../ui/Layout.tsx';

/** Spec 000 §3: plan id 1 is the free plan. */
const FREE_PLAN_ID = 1;

/** What leaving a paid plan asks first: either way the plan runs to the end of the paid period. */
const SWITCH_TO_FREE = {
  title: 'Switch to the Free plan?',
  text: 'Your paid plan stays active until the end of the current period; then the Free plan starts.',
  confirmLabel: 'Cancel paid plan',
};
const CANCEL_PLAN = {
  title: 'Cancel your plan?',
  text: 'Your plan stays active until the end of the current period; then the Free plan starts. You can resume until then.',
  confirmLabel: 'Cancel at period end',
};

const priceId = (plan: Plan, frequency: BillingFrequency) =>
  frequency === 'monthly' ? plan.stripePriceIdMonthly : plan.stripePriceIdYearly;

function FrequencyToggle() {
  const frequency = useStore((s) => s.frequency);
  const setFrequency = useStore((s) => s.setFrequency);
  return (
    <div
      role="radiogroup"
      aria-label="Billing frequency"
      className="inline-flex rounded-full bg-gray-100 p-1 ring-1 ring-gray-200 ring-inset"
    >
      {(['monthly', 'yearly'] as const).map((f) => (
        <button
          key={f}
          type="button"
          role="radio"
          aria-checked={frequency === f}
          onClick={() => setFrequency(f)}
          className={`rounded-full px-4 py-1.5 text-sm font-semibold transition-colors ${frequency === f ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600 hover:text-gray-900'}`}
        >
          {f === 'monthly' ? 'Monthly' : 'Yearly'}
        </button>
      ))}
    </div>
  );
}

/** A plan limit in words: "3 sites", "1 language", "Unlimited storage", "No collaborators". */
function Feature({ label, value }: { label: string; value: number | string | boolean }) {
  const off = value === false || value === 0;
  let text: React.ReactNode = label;
  if (typeof value === 'number') {
    const noun = value === 1 ? label.replace(/s$/, '') : label;
    text =
      value === 0 ? (
        `No ${label}`
      ) : (
        <>
          <span className="font-medium text-gray-900">{planLimit(value)}</span> {noun}
        </>
      );
  } else if (typeof value === 'string') {
    text = (
      <>
        <span className="font-medium text-gray-900">{value}</span> {label}
      </>
    );
  }
  return (
    <li className={`flex items-center gap-2.5 text-sm ${off ? 'text-gray-500' : 'text-gray-700'}`}>
      <Icon name={off ? 'x' : 'check'} className={`size-4 ${off ? 'text-gray-400' : 'text-brand-600'}`} />
      <span>
        {text}
        {typeof value === 'boolean' && <span className="sr-only">{value ? ': included' : ': not included'}</span>}
      </span>
    </li>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const frequency = useStore((s) => s.frequency);
  const subscription = useStore(useShallow((s) => s.user?.subscription));
  const openCheckout = useStore((s) => s.openCheckout);
  const openBillingPortal = useStore((s) => s.openBillingPortal);
  const setCancel = useStore((s) => s.setCancelAtPeriodEnd);
  const confirmDanger = useStore((s) => s.confirmDanger);
  const billing = useStore((s) => s.user?.billing ?? false);
  const planId = useStore((s) => s.user?.plan.id);
  if (!subscription) return null;

  // Without payments (issue 28) the plan in force may be no row of the list (every feature, id 0).
  const current = (billing ? subscription.planId : planId) === plan.id;
  const onPaid = subscription.planId !== FREE_PLAN_ID;
  const price = frequency === 'monthly' ? plan.monthlyPrice : plan.yearlyPrice;
  const saving = plan.monthlyPrice > 0 ? Math.round((1 - plan.yearlyPrice / (plan.monthlyPrice * 12)) * 100) : 0;
  const checkoutPrice = priceId(plan, frequency);
  const featured = plan.id === 2;

  let action: React.ReactNode;
  if (!billing) {
    // Nothing can be bought or changed here without payments: the administrator sets plans.
    action = current ? (
      <Button variant="secondary" className="w-full" disabled>
        Current plan
      </Button>
    ) : null;
  } else if (current) {
    action = (
      <Button variant="secondary" className="w-full" disabled>
        Current plan
      </Button>
    );
  } else if (plan.id === FREE_PLAN_ID) {
    action = subscription.cancelAtPeriodEnd ? (
      <p className="text-center text-sm text-gray-600">Starts on {formatDate(subscription.currentPeriodEnd)}</p>
    ) : (
      <Button variant="secondary" className="w-full" onClick={() => confirmDanger(SWITCH_TO_FREE, () => void setCancel(true))}>
        Downgrade
      </Button>
    );
  } else if (onPaid && subscription.stripeCustomerId) {
    // An existing subscription changes plan in the billing portal, so nobody pays twice.
    action = (
      <Button variant={featured ? 'primary' : 'secondary'} className="w-full" onClick={() => void openBillingPortal()}>
        Change plan
      </Button>
    );
  } else {
    action = (
      <Button
        variant={featured ? 'primary' : 'secondary'}
        className="w-full"
        disabled={!checkoutPrice}
        title={checkoutPrice ? undefined : messages.billingNotConfigured}
        onClick={() => checkoutPrice && void openCheckout(checkoutPrice)}
      >
        Upgrade to {plan.name}
      </Button>
    );
  }

  return (
    <article
      className={`relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ${featured ? 'ring-2 ring-brand-600' : 'ring-1 ring-gray-900/5'}`}
      data-testid={`plan-${plan.id}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-gray-900">{plan.name}</h2>
        {current ? <Badge tone="brand">Current</Badge> : featured ? <Badge tone="brand">Popular</Badge> : null}
      </div>
      <p className="mt-2 min-h-15 text-sm text-gray-600">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1.5">
        <span className="text-4xl font-bold tracking-tight text-gray-900" data-testid="plan-price">
          {formatPrice(price, plan.currency)}
        </span>
        <span className="text-sm text-gray-600">/ {frequency === 'monthly' ? 'month' : 'year'}</span>
      </p>
      <p className="mt-1 h-5 text-xs font-medium text-emerald-700">
        {frequency === 'yearly' && saving > 0 ? `Save ${saving}% with yearly billing` : ''}
      </p>
      <div className="mt-6">{action}</div>
      <ul className="mt-6 space-y-2.5 border-t border-gray-100 pt-6">
        <Feature label="sites" value={plan.sites} />
        <Feature label="languages" value={plan.languages} />
        <Feature label="collaborators" value={plan.collaborators} />
        <Feature label="storage" value={formatStorage(plan.storage)} />
        <Feature label="AI helpers" value={plan.useAi} />
        <Feature label="Custom code" value={plan.customCode} />
        <Feature label="Legal pages" value={plan.legal} />
        <Feature label="No Pagewright badge" value={plan.noAttribution} />
      </ul>
    </article>
  );
}

function SubscriptionSummary({ plans }: { plans: Plan[] }) {
  const subscription = useStore(useShallow((s) => s.user?.subscription));
  const userPlan = useStore((s) => s.user?.plan);
  const billing = useStore((s) => s.user?.billing ?? false);
  const openBillingPortal = useStore((s) => s.openBillingPortal);
  const setCancel = useStore((s) => s.setCancelAtPeriodEnd);
  const confirmDanger = useStore((s) => s.confirmDanger);
  if (!subscription) return null;
  // Without payments the plan in force is the user's plan as the server answers it (issue 28).
  const plan = billing ? plans.find((p) => p.id === subscription.planId) : userPlan;
  const paid = billing && subscription.planId !== FREE_PLAN_ID;
  return (
    <Card className="flex flex-wrap items-center justify-between gap-4 px-6 py-5">
      <div>
        <p className="text-sm text-gray-600">Your plan</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-2 text-lg font-semibold text-gray-900">
          {plan?.name ?? 'Free'}
          {paid && (
            <Badge tone={subscription.status === 'active' || subscription.status === 'trialing' ? 'green' : 'amber'}>
              {subscription.status.replace('_', ' ')}
            </Badge>
          )}
          {paid && <Badge>{subscription.billingFrequency === 'monthly' ? 'Billed monthly' : 'Billed yearly'}</Badge>}
        </p>
        {paid && subscription.currentPeriodEnd && (
          <p className="mt-1 text-sm text-gray-600" data-testid="subscription-period">
            {subscription.cancelAtPeriodEnd
              ? `Cancelled: ends on ${formatDate(subscription.currentPeriodEnd)}, then the Free plan starts.`
              : `Renews on ${formatDate(subscription.currentPeriodEnd)}.`}
          </p>
        )}
        {paid && !subscription.currentPeriodEnd && subscription.cancelAtPeriodEnd && (
          <p className="mt-1 text-sm text-gray-600" data-testid="subscription-period">
            Cancelled: the Free plan starts at the end of the period.
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {billing && subscription.stripeCustomerId && (
          <Button variant="secondary" onClick={() => void openBillingPortal()}>
            <Icon name="external" className="size-4" />
            Manage billing
          </Button>
        )}
        {paid &&
          (subscription.cancelAtPeriodEnd ? (
            <Button onClick={() => void setCancel(false)}>Resume plan</Button>
          ) : (
            <Button variant="ghost" onClick={() => confirmDanger(CANCEL_PLAN, () => void setCancel(true))}>
              Cancel plan
            </Button>
          ))}
      </div>
    </Card>
  );
}

export default function UserPlans() {
  useDocumentTitle('Plans');
  const plans = useStore((s) => s.plans);
  const loaded = useStore((s) => s.plansLoaded);
  const loadPlans = useStore((s) => s.loadPlans);
  const billingProblem = useStore((s) => s.billingProblem);
  const billing = useStore((s) => s.user?.billing ?? false);
  const everyFeature = useStore((s) => s.user?.plan.id === 0);
  const [params] = useSearchParams();
  const checkout = params.get('checkout');

  useEffect(() => {
    void loadPlans();
  }, [loadPlans]);

  // Without any price ids no paid plan can be bought: say so before anyone tries.
  const unconfigured =
    loaded &&
    plans.some((p) => p.id !== FREE_PLAN_ID) &&
    plans.every((p) => p.id === FREE_PLAN_ID || (!p.stripePriceIdMonthly && !p.stripePriceIdYearly));
  const problem = billingProblem ?? (unconfigured || !billing ? messages.billingNotConfigured : null);

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Plans</h1>
          <p className="text-sm text-gray-600">
            {billing ? 'Choose the plan that fits your sites.' : 'The plans on this server and what each includes.'}
          </p>
        </div>
        <FrequencyToggle />
      </div>
      {problem && (
        <Notice tone="warning" role="alert" title={problem}>
          {!billing
            ? everyFeature
              ? 'No plan limits apply to you: every feature is yours. Plans on this server are set by its administrator.'
              : 'Plans on this server are set by its administrator.'
            : 'Paid plans cannot be bought on this server until an administrator sets up payments. Everything else keeps working.'}
        </Notice>
      )}
      {checkout === 'success' && (
        <Notice tone="success" role="status" title="Thank you!">
          Your payment went through. Your plan updates here as soon as the payment provider confirms it.
        </Notice>
      )}
      {checkout === 'cancelled' && (
        <Notice tone="info" role="status">
          Checkout was cancelled; nothing was charged.
        </Notice>
      )}
      <SubscriptionSummary plans={plans} />
      <div className="grid gap-6 lg:grid-cols-3">
        {loaded
          ? plans.map((plan) => <PlanCard key={plan.id} plan={plan} />)
          : Array.from({ length: 3 }, (_, i) => <div key={i} className="h-96 animate-pulse rounded-2xl bg-white ring-1 ring-gray-900/5" />)}
      </div>
    </div>
  );
}
