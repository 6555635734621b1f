import { useEffect, useMemo, useState } from 'react';
import { formatDate } from '../format.ts';
import { useStore } from '../stores/index.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { Badge, EmptyState } from '../ui/Layout.tsx';
import { AdminTable, SearchBox } from '../admin/AdminTable.tsx';

export default function AdminUsers() {
  useDocumentTitle('Users · Admin');
  const users = useStore((s) => s.adminUsers);
  const load = useStore((s) => s.loadAdminUsers);
  const [query, setQuery] = useState('');

  useEffect(() => {
    void load();
  }, [load]);

  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (users ?? []).filter((u) => !q || [u.name, u.email, u.city ?? '', u.country ?? ''].some((t) => t.toLowerCase().includes(q)));
  }, [users, query]);

  if (!users) return null;
  return (
    <section aria-labelledby="admin-users-title">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 id="admin-users-title" className="text-2xl font-bold tracking-tight">
          Users <span className="text-base font-medium text-gray-600">({users.length})</span>
        </h1>
        <SearchBox label="Search users" value={query} onChange={setQuery} />
      </div>
      {rows.length === 0 ? (
        <EmptyState icon="users" title="No matching users" text={`No user matches “${query}”.`} />
      ) : (
        <AdminTable headers={['Image', 'Name', 'E-mail', 'City', 'Country', 'Created']}>
          {rows.map((u) => (
            <tr key={u.id} className="hover:bg-gray-50">
              <td className="px-4 py-3">
                <Avatar name={u.name} image={u.image} size="sm" />
              </td>
              <td className="px-4 py-3 font-medium text-gray-900">
                <span className="flex items-center gap-2">
                  {u.name}
                  {u.isAdmin && <Badge tone="brand">Admin</Badge>}
                </span>
              </td>
              <td className="px-4 py-3 text-gray-700">{u.email}</td>
              <td className="px-4 py-3 text-gray-700">{u.city ?? '—'}</td>
              <td className="px-4 py-3 text-gray-700">{u.country ?? '—'}</td>
              <td className="px-4 py-3 whitespace-nowrap text-gray-700">{formatDate(u.created)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
