import { messages } from '@pagewright/sdk';
import { restoreReplaced } from './replaced.ts';
import { useAction } from '../../site/actions/useAction.ts';
import { panelOf } from '../inspector/panels.ts';
import { useEditor } from '../../site/store/context.tsx';
import { nodeName, type Node } from '../../site/store/document.ts';
import type { Replaced } from '../../site/store/store.ts';
import { Icon } from '../../ui/Icon.tsx';

/** A replaced setting as the inspector names it ("Text of Title"). */
function settingName(item: Replaced[number], node: Node | undefined): string {
  const rows = node ? panelOf(node.type).groups.flatMap((g) => g.settings) : [];
  const row = rows.find((r) =>
    r.store === 'data' ? item.kind === 'data' && r.key === item.setting : item.kind === 'style' && r.setting === item.setting,
  );
  return `${row?.label ?? item.setting} of ${nodeName(node, item.id)}`;
}

/**
 * One line when an edit that waited offline met a later edit by someone else to the same setting
 * (issue 29): which of the user's changes was replaced, by whom, with Undo to put it back.
 */
export function ReplacedNotice() {
  const replaced = useEditor((s) => s.replaced);
  const nodes = useEditor((s) => s.nodes);
  const dismiss = useEditor((s) => s.dismissReplaced);
  const restore = useAction(restoreReplaced);
  if (!replaced?.length) return null;
  const names = replaced.map((item) => settingName(item, nodes.get(item.id)));
  const by = replaced[0]!.by.name || 'someone';
  return (
    <div
      role="status"
      data-testid="replaced-notice"
      className="flex min-w-0 items-center gap-2 rounded-md bg-amber-50 px-2 py-0.5 text-[12px] text-amber-900 ring-1 ring-amber-200"
    >
      <span className="truncate">{messages.editReplaced(names.join(', '), by)}</span>
      <button
        type="button"
        className="font-medium underline hover:text-amber-950"
        disabled={!restore.enabled}
        onClick={() => void restore.run()}
      >
        Undo
      </button>
      <button type="button" aria-label="Dismiss" title="Dismiss" className="rounded p-0.5 hover:bg-amber-100" onClick={dismiss}>
        <Icon name="x" className="size-3.5" />
      </button>
    </div>
  );
}
