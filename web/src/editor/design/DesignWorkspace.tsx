import type { ReactNode } from 'react';
import { EditorWorkspace } from '../EditorWorkspace.tsx';
import { DesignMenu } from './DesignMenu.tsx';

/** The design screens: the design menu on the left, the live canvas, and the screen's form on the right. */
export function DesignWorkspace({ label, children }: { label: string; children: ReactNode }) {
  return (
    <EditorWorkspace
      left={<DesignMenu />}
      leftLabel="Design menu"
      right={<div className="relative h-full overflow-y-auto text-[12px] text-gray-800">{children}</div>}
      rightLabel={label}
    />
  );
}

/** Grey bars while the site's theme loads (skeletons, not spinners: EDITOR-UX "Density and calm"). */
export function PanelSkeleton() {
  return (
    <div className="flex animate-pulse flex-col gap-3 p-3" aria-hidden="true" data-testid="design-skeleton">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <div key={i} className="h-7 rounded bg-gray-100" />
      ))}
    </div>
  );
}
