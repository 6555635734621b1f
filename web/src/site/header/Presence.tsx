import { Avatar } from '../../ui/Avatar.tsx';
import { useStore } from '../../lib/store/index.ts';
import { useEditor } from '../store/context.tsx';
import { useShallow } from 'zustand/react/shallow';

/** Who is in the site now: the others' avatars and the count of people editing, oneself included. */
export function Presence() {
  const others = useEditor(useShallow((s) => s.presence));
  const me = useStore((s) => s.user);
  const count = others.length + 1;
  const label = `${count} ${count === 1 ? 'person' : 'people'} here now`;
  return (
    <div
      className="flex items-center gap-1.5 px-1"
      title={[me?.name, ...others.map((o) => o.name)].filter(Boolean).join(', ')}
      data-testid="presence"
    >
      <div className="flex -space-x-1.5">
        {others.slice(0, 4).map((o) => (
          <span key={o.id} className="rounded-full ring-2 ring-white">
            <Avatar name={o.name} size="sm" />
          </span>
        ))}
      </div>
      <span className="flex items-center text-[13px] font-medium text-gray-700 tabular-nums" aria-label={label}>
        <span className="mr-1 size-2 rounded-full bg-green-500" aria-hidden="true" />
        {count}
      </span>
    </div>
  );
}
