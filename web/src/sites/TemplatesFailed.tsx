import { useStore } from '../lib/store/index.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/Layout.tsx';

/** What the gallery and the template page show after the templates failed to load: a way to try again. */
export function TemplatesFailed() {
  const loadTemplates = useStore((s) => s.loadTemplates);
  return (
    <EmptyState
      icon="alert"
      title="Templates could not be loaded"
      text="The server did not answer. Check your connection and try again."
      action={
        <Button variant="secondary" onClick={() => void loadTemplates()}>
          Try again
        </Button>
      }
    />
  );
}
