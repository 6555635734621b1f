import { Link } from 'react-router-dom';
import iconSparkles from '@iconify-icons/lucide/sparkles';
import { buttonClass } from '../../ui/Button.tsx';
import { Iconify } from '../../ui/Iconify.tsx';

/** The owner-must-upgrade sentence the spec uses for collaborators (spec 002 §5, §6). */
const OWNER_MUST_UPGRADE = 'A pricing plan upgrade is needed by the site owner.';

/**
 * A plan gate said plainly (spec 002 §6): the owner gets the upgrade path, a collaborator the text
 * that the owner must upgrade.
 */
export function PlanNotice({ feature, owner }: { feature: string; owner: boolean }) {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-lg bg-amber-50 px-3 py-2.5 text-xs leading-5 text-amber-950 ring-1 ring-amber-200 ring-inset"
    >
      <Iconify icon={iconSparkles} className="mt-0.5 size-4 text-amber-700" />
      <p className="min-w-0 flex-1">
        {feature} {owner ? 'To use it, upgrade your pricing plan.' : OWNER_MUST_UPGRADE}
      </p>
      {owner && (
        <Link to="/user/plans" className={buttonClass('secondary', 'sm', 'h-7 px-2.5 text-xs')}>
          Upgrade plan
        </Link>
      )}
    </div>
  );
}
