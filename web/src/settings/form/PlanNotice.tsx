import { Link } from 'react-router-dom';
import iconSparkles from '@iconify-icons/lucide/sparkles';
import { useStore } from '../../lib/store/index.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { Iconify } from '../../ui/Iconify.tsx';

/** The owner-must-upgrade sentence the spec uses for collaborators (spec 002 §5, §6). */
const OWNER_MUST_UPGRADE = 'A pricing plan upgrade is needed by the site owner.';
/** Issue 28: on a server without payments nobody can upgrade; the limit is the administrator's. */
export const PLANS_BY_ADMIN = 'Plans on this server are set by its administrator.';

/**
 * A plan gate said plainly (spec 002 §6): the owner gets the upgrade path, a collaborator the text
 * that the owner must upgrade. Without payments on the server (issue 28) there is no upgrade to offer:
 * the notice says the administrator sets the plans, and shows no Upgrade link.
 */
export function PlanNotice({ feature, owner }: { feature: string; owner: boolean }) {
  const billing = useStore((s) => s.user?.billing ?? false);
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-lg bg-amber-50 px-3 py-2.5 text-xs leading-5 text-amber-950 ring-1 ring-amber-200 ring-inset"
    >
      <Iconify icon={iconSparkles} className="mt-0.5 size-4 text-amber-700" />
      <p className="min-w-0 flex-1">
        {feature} {!billing ? PLANS_BY_ADMIN : owner ? 'To use it, upgrade your pricing plan.' : OWNER_MUST_UPGRADE}
      </p>
      {owner && billing && (
        <Link to="/user/plans" className={buttonClass('secondary', 'sm', 'h-7 px-2.5 text-xs')}>
          Upgrade plan
        </Link>
      )}
    </div>
  );
}
