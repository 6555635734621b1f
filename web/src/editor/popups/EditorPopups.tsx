import { useEditor } from '../../site/store/context.tsx';
import { AddComponent } from './components/AddComponent.tsx';
import { AddPages } from './pages/AddPages.tsx';
import { AddSection } from './sections/AddSection.tsx';
import { CommandPalette } from './palette/CommandPalette.tsx';
import { Shortcuts } from './shortcuts/Shortcuts.tsx';
import { SaveVersion } from './versions/SaveVersion.tsx';

/**
 * The editor's open popup, one at a time (spec 001 §2): whichever the store names. Each is keyed by
 * what it was opened for, so opening it again for another place starts it afresh.
 */
export function EditorPopups() {
  const popup = useEditor((s) => s.popup);
  const close = useEditor((s) => s.closePopup);
  if (!popup) return null;
  switch (popup.name) {
    case 'sections':
      return (
        <AddSection
          key={`${popup.pageId}/${popup.afterSectionId ?? ''}`}
          pageId={popup.pageId}
          afterSectionId={popup.afterSectionId}
          onClose={close}
        />
      );
    case 'components':
      return (
        <AddComponent key={`${popup.container}/${popup.index ?? ''}`} container={popup.container} index={popup.index} onClose={close} />
      );
    case 'pages':
      return <AddPages onClose={close} />;
    case 'commit':
      return <SaveVersion onClose={close} />;
    case 'shortcuts':
      return <Shortcuts onClose={close} />;
    case 'palette':
      return <CommandPalette onClose={close} />;
  }
}
