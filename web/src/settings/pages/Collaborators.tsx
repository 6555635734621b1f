import { useEffect } from 'react';
import iconPlus from '@iconify-icons/lucide/plus';
import { createColumnHelper } from '@tanstack/react-table';
import { formatDateTime, planLimit } from '../../lib/format.ts';
import { useStore } from '../../lib/store/index.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Iconify } from '../../ui/Iconify.tsx';
import { Section, Switch } from '../../ui/form/controls.tsx';
import { PlanNotice } from '../form/PlanNotice.tsx';
import { DataTable, type Features } from '../../ui/DataTable.tsx';
import { SettingsPage } from '../SettingsPage.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { TableSkeleton } from '../../ui/Skeleton.tsx';
import { useSettings } from '../store/index.ts';
import type { Collaborator, Invitation } from '../store/team.ts';
import { useRole, useSite } from '../useSite.ts';
import { useSubmit } from '../../ui/useSubmit.ts';

const member = createColumnHelper<Features, Collaborator>();
const invite = createColumnHelper<Features, Invitation>();

const inviteLink = (code: string) => `${window.location.origin}/join?code=${encodeURIComponent(code)}`;

/** Spec 002 §2 "Collaborators": who works on the site, and the owner's open invitations. */
export default function Collaborators() {
  const site = useSite();
  const { owner, plan } = useRole();
  const me = useStore((s) => s.user?.id);
  const team = useSettings((s) => s.team);
  const load = useSettings((s) => s.loadTeam);
  const createInvitation = useSettings((s) => s.invite);
  const withdraw = useSettings((s) => s.withdraw);
  const setLocked = useSettings((s) => s.setLocked);
  const removeCollaborator = useSettings((s) => s.removeCollaborator);
  const confirmDanger = useStore((s) => s.confirmDanger);
  const { busy, submit } = useSubmit();

  useEffect(() => {
    void load();
  }, [load]);

  const collaborators = team?.collaborators.filter((c) => c.role !== 'owner').length ?? 0;
  const atLimit = plan.collaborators < 9999 && collaborators + (team?.invitations.length ?? 0) >= plan.collaborators;

  const memberColumns = [
    member.accessor('name', {
      header: 'Name',
      cell: (c) => (
        <span className="flex items-center gap-2">
          <Avatar name={c.getValue()} image={c.row.original.image} size="sm" />
          <span className="font-medium text-gray-900">{c.getValue()}</span>
          {c.row.original.userId === me && <span className="text-xs text-gray-600">(you)</span>}
        </span>
      ),
    }),
    member.accessor('role', { header: 'Role', cell: (c) => (c.getValue() === 'owner' ? 'Owner' : 'Collaborator') }),
    member.accessor('isLocked', {
      header: 'Locked',
      cell: (c) =>
        // The owner cannot be locked (spec 002 §5).
        c.row.original.role === 'owner' ? (
          <span className="text-xs text-gray-600">—</span>
        ) : (
          <LockSwitch person={c.row.original} disabled={!owner} onChange={(next) => void setLocked(c.row.original.userId, next)} />
        ),
    }),
    member.display({
      id: 'remove',
      header: () => <span className="sr-only">Remove</span>,
      cell: (c) => {
        const person = c.row.original;
        if (person.role === 'owner') return null;
        return (
          <div className="flex justify-end">
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs text-red-700 hover:bg-red-50 hover:text-red-800"
              // The current user's Remove is disabled (spec 002 §2); only the owner removes others.
              disabled={person.userId === me || !owner}
              aria-label={`Remove ${person.name}`}
              onClick={() =>
                confirmDanger(
                  {
                    title: 'Remove collaborator',
                    text: `${person.name} will no longer have access to ${site.name}.`,
                    confirmLabel: 'Remove',
                  },
                  () => void removeCollaborator(person.userId),
                )
              }
            >
              Remove
            </Button>
          </div>
        );
      },
    }),
  ];

  const inviteColumns = [
    invite.accessor('token', {
      header: 'Invite code',
      cell: (c) => <code className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs text-gray-900">{c.getValue()}</code>,
    }),
    invite.accessor('expires', { header: 'Expires', cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time> }),
    invite.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: (c) => (
        <div className="flex justify-end gap-1">
          <CopyButton text={inviteLink(c.row.original.token)} label="Copy invite link" />
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs"
            onClick={() => void withdraw(c.row.original)}
            aria-label={`Withdraw invitation ${c.row.original.token}`}
          >
            Withdraw
          </Button>
        </div>
      ),
    }),
  ];

  return (
    <SettingsPage
      title="Collaborators"
      description="People who can edit this site. A locked collaborator can only look."
      wide
      actions={
        owner && (
          <Button size="sm" busy={busy} disabled={atLimit} onClick={() => void submit(() => createInvitation())}>
            <Iconify icon={iconPlus} className="size-3.5" /> Invite
          </Button>
        )
      }
    >
      {team === null ? (
        <TableSkeleton columns={4} rows={3} />
      ) : (
        <div className="space-y-8">
          {atLimit && (
            <PlanNotice
              feature={
                plan.collaborators === 0
                  ? 'Your pricing plan does not include collaborators.'
                  : `This site has reached the collaborator limit of its pricing plan (${planLimit(plan.collaborators)}).`
              }
              owner={owner}
            />
          )}
          <DataTable
            label="Collaborators"
            columns={memberColumns}
            data={team.collaborators}
            rowId={(c) => String(c.userId)}
            testId="collaborator-row"
          />
          {owner && (
            <Section title="Invitations" description="Send a code or its link. It works once and expires after 7 days.">
              {team.invitations.length === 0 ? (
                <p className="text-xs text-gray-600">No open invitations.</p>
              ) : (
                <DataTable
                  label="Invitations"
                  columns={inviteColumns}
                  data={team.invitations}
                  rowId={(i) => String(i.id)}
                  testId="invitation-row"
                />
              )}
            </Section>
          )}
        </div>
      )}
    </SettingsPage>
  );
}

function LockSwitch({ person, disabled, onChange }: { person: Collaborator; disabled: boolean; onChange(next: boolean): void }) {
  return (
    <div className="w-16">
      <Switch on={person.isLocked} onChange={onChange} disabled={disabled} aria-label={`Lock ${person.name}`} />
    </div>
  );
}
