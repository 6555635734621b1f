import { ROW_ICONS } from './icons.ts';

const PREFIX = 'pw-navigator-icon-';

/**
 * The tree's icons as one hidden sprite: a row that scrolls into view adds a `<use>`, not a parsed
 * SVG body, so fast scrolling through thousands of rows stays within a frame.
 */
export function RowIconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      {Object.entries(ROW_ICONS).map(([name, icon]) => (
        // The body is the icon set's own markup from the package, never user input.
        <symbol
          key={name}
          id={`${PREFIX}${name}`}
          viewBox={`0 0 ${icon.width ?? 16} ${icon.height ?? 16}`}
          dangerouslySetInnerHTML={{ __html: icon.body }}
        />
      ))}
    </svg>
  );
}

export function RowIcon({ name, className }: { name: string; className: string }) {
  return (
    <svg aria-hidden="true" className={`shrink-0 ${className}`}>
      <use href={`#${PREFIX}${name}`} />
    </svg>
  );
}
