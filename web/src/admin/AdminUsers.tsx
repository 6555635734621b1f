import { useEffect, useMemo, useState } from 'react';
import { formatDate } from '../lib/format.ts';
import { useStore } from '../lib/store/index.ts';
import type { AdminUser } from '../lib/store/admin.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { Badge, EmptyState } from '../ui/Layout.tsx';
import { Table, SearchBox } from '../ui/Table.tsx';
import { useSubmit } from '../ui/useSubmit.ts';

export default function AdminUsers() {
  useDocumentTitle('Users · Admin');
  const users = useStore((s) => s.adminUsers);
  const load = useStore((s) => s.loadAdminUsers);
  const loadPlans = useStore((s) => s.loadPlans);
  const [query, setQuery] = useState('');

  useEffect(() => {
    void load();
    void loadPlans();
  }, [load, loadPlans]);

  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (users ?? []).filter((u) => !q || [u.name, u.email, u.city ?? '', u.country ?? ''].some((t) => t.toLowerCase().includes(q)));
  }, [users, query]);

  if (!users) return null;
  const suspended = users.filter((u) => u.suspended).length;
  return (
    <section aria-labelledby="admin-users-title">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 id="admin-users-title" className="text-2xl font-bold tracking-tight">
          Users <span className="text-base font-medium text-gray-600">({users.length})</span>
          {suspended > 0 && <span className="ml-3 align-middle text-sm font-medium text-red-700">{suspended} suspended</span>}
        </h1>
        <SearchBox label="Search users" value={query} onChange={setQuery} />
      </div>
      {rows.length === 0 ? (
        <EmptyState icon="users" title="No matching users" text={`No user matches “${query}”.`} />
      ) : (
        <Table headers={['Image', 'Name', 'E-mail', 'City', 'Country', 'Created', 'Plan', 'Suspended']}>
          {rows.map((u) => (
            <tr key={u.id} className={u.suspended ? 'bg-red-50/40' : 'hover:bg-gray-50'}>
              <td className="px-4 py-3">
                <Avatar name={u.name} image={u.image} size="sm" />
              </td>
              <td className="px-4 py-3 font-medium text-gray-900">
                <span className="flex items-center gap-2">
                  <span className={u.suspended ? 'text-gray-500 line-through decoration-gray-400' : undefined}>{u.name}</span>
                  {u.isAdmin && <Badge tone="brand">Admin</Badge>}
                  {u.suspended && <Badge tone="red">Suspended</Badge>}
                </span>
              </td>
              <td className="px-4 py-3 text-gray-700">{u.email}</td>
              <td className="px-4 py-3 text-gray-700">{u.city ?? '—'}</td>
              <td className="px-4 py-3 text-gray-700">{u.country ?? '—'}</td>
              <td className="px-4 py-3 whitespace-nowrap text-gray-700">{formatDate(u.created)}</td>
              <td className="px-4 py-2">
                <PlanMenu user={u} />
              </td>
              <td className="px-4 py-3">
                <SuspendToggle user={u} />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

/** The plan in force of an account on a server without payments or a default plan (issue 28): no row of the plans. */
const EVERY_FEATURE = 0;

/** The user's plan, changed at once (no payment provider involved); a plan set here is marked as the admin's. */
function PlanMenu({ user }: { user: AdminUser }) {
  const plans = useStore((s) => s.plans);
  const update = useStore((s) => s.updateAdminUser);
  const { busy: saving, submit } = useSubmit();
  const known = plans.some((p) => p.id === user.planId);
  return (
    <div className="flex flex-col gap-0.5">
      <select
        aria-label={`Plan of ${user.name}`}
        value={user.planId ?? ''}
        disabled={saving || plans.length === 0}
        onChange={(e) => void submit(() => update(user.id, { planId: Number(e.target.value) }))}
        className="block w-40 rounded-md border-0 bg-white py-1.5 pr-8 pl-2.5 text-sm text-gray-900 shadow-sm ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none disabled:opacity-60"
      >
        {/* Issue 28: without payments or a default plan, an account the admin did not put on a plan has every feature. */}
        {!known && <option value={user.planId ?? ''}>{user.planId === EVERY_FEATURE ? 'Every feature' : `Plan ${user.planId}`}</option>}
        {plans.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      {user.planSetByAdmin && <span className="text-xs text-gray-600">Set by an admin</span>}
    </div>
  );
}

/** Suspending asks first (it signs the user out everywhere); reactivating does not. An admin cannot suspend themself. */
function SuspendToggle({ user }: { user: AdminUser }) {
  const me = useStore((s) => s.user?.id);
  const update = useStore((s) => s.updateAdminUser);
  const confirmDanger = useStore((s) => s.confirmDanger);
  const { busy: saving, submit } = useSubmit();
  const on = user.suspended === true;
  const self = user.id === me;
  const change = (suspended: boolean) => void submit(() => update(user.id, { suspended }));
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={`Suspend ${user.name}`}
      title={self ? 'You cannot suspend your own account' : on ? `Reactivate ${user.name}` : `Suspend ${user.name}`}
      disabled={saving || self}
      onClick={() =>
        on
          ? change(false)
          : confirmDanger(
              {
                title: `Suspend ${user.name}?`,
                text: 'They are signed out everywhere at once, cannot sign in, and the API keys of their sites stop working until you reactivate them. Their sites stay published.',
                confirmLabel: 'Suspend',
              },
              () => change(true),
            )
      }
      className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40 ${on ? 'bg-red-600' : 'bg-gray-300'}`}
    >
      <span
        className={`inline-block size-4 rounded-full bg-white shadow-sm transition-transform ${on ? 'translate-x-4.5' : 'translate-x-0.5'}`}
      />
    </button>
  );
}
