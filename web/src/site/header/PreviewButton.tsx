import { Icon } from '../../ui/Icon.tsx';
import { previewSite } from '../actions/preview.ts';
import { useAction } from '../actions/useAction.ts';

/** Opens the site as a visitor sees it, in a new tab, with working links between its pages. */
export function PreviewButton() {
  const preview = useAction(previewSite);
  return (
    <button
      type="button"
      aria-label="Preview"
      title="Preview the site as a visitor sees it"
      onClick={() => void preview.run()}
      className="flex h-7 items-center gap-1.5 rounded-md px-2 text-[13px] font-medium text-gray-700 hover:bg-gray-100"
    >
      <Icon name="eye" className="size-4" />
      Preview
    </button>
  );
}
