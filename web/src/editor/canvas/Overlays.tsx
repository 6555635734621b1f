import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { nodeName, parentIdOf } from '../../site/store/document.ts';
import { useEditor } from '../../site/store/context.tsx';
import { badgeInside, measures, toCanvas, visiblePart, type Size as Bounds } from './geometry.ts';
import type { Rect } from './messages.ts';

/** Collaborators' colours, picked by their user id so each keeps one. */
const PRESENCE_COLORS = ['#e5484d', '#12a594', '#f76b15', '#8e4ec6', '#0090ff', '#d6409f', '#46a758', '#ffb224'];
export const presenceColor = (userId: number) => PRESENCE_COLORS[Math.abs(userId) % PRESENCE_COLORS.length]!;

const ACCENT = 'var(--color-brand-600)';
const BADGE_HEIGHT = 18;

type Kind = 'hover' | 'selected' | 'parent' | 'presence' | 'highlight';

const round = (r: Rect): Rect => ({ x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) });

function Badge({ rect, bounds, color, kind, children }: { rect: Rect; bounds: Bounds; color: string; kind: Kind; children: ReactNode }) {
  const visible = visiblePart(rect, bounds);
  if (!visible) return null;
  const inside = badgeInside(visible, BADGE_HEIGHT);
  // Others' names sit at the right end, so they never cover the name of what one hovers or selects.
  const right = kind === 'presence';
  return (
    <div
      className={`absolute top-0 left-0 flex ${right ? 'justify-end' : ''}`}
      style={{ transform: `translate(${visible.x}px, ${inside ? visible.y : visible.y - BADGE_HEIGHT}px)`, width: visible.width }}
    >
      <div
        data-canvas-badge={kind}
        className="flex max-w-60 items-center gap-1 truncate px-1.5 text-[11px] leading-[18px] font-medium whitespace-nowrap text-white"
        style={{
          height: BADGE_HEIGHT,
          background: color,
          borderRadius: inside ? (right ? '0 0 0 3px' : '0 0 3px 0') : '3px 3px 0 0',
        }}
      >
        {children}
      </div>
    </div>
  );
}

function Outline({ id, rect, kind, color }: { id: string; rect: Rect; kind: Kind; color: string }) {
  const width = kind === 'selected' || kind === 'presence' ? 2 : 1;
  return (
    <div
      className="absolute top-0 left-0 box-border"
      data-canvas-outline={kind}
      data-canvas-id={id}
      style={{
        transform: `translate(${rect.x}px, ${rect.y}px)`,
        width: rect.width,
        height: rect.height,
        border: `${width}px ${kind === 'parent' ? 'dashed' : 'solid'} ${color}`,
        opacity: kind === 'parent' ? 0.55 : 1,
      }}
    />
  );
}

/** Fades the highlight out once, when it mounts (a stable ref callback, so re-renders do not restart it). */
function fadeOut(element: HTMLDivElement | null) {
  element?.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 1000, easing: 'ease-out', fill: 'forwards' });
}

/** The 1 s highlight of a just-added item: a tint that fades (spec 001 §4). */
function Flash({ rect }: { rect: Rect }) {
  return (
    <div
      ref={fadeOut}
      className="absolute top-0 left-0 box-border"
      data-canvas-outline="highlight"
      style={{
        transform: `translate(${rect.x}px, ${rect.y}px)`,
        width: rect.width,
        height: rect.height,
        border: `2px solid ${ACCENT}`,
        background: 'color-mix(in srgb, var(--color-brand-500) 14%, transparent)',
      }}
    />
  );
}

export interface OverlaysProps {
  boxes: ReadonlyMap<string, readonly Rect[]>;
  scale: number;
  bounds: Bounds;
  editingId: string | null;
}

/**
 * The editor's marks over the frame, never inside the page: hover (1 px and the name), selection
 * (2 px, the name pinned), the selection's parent (dashed), others' selections in their colours, and
 * the highlight of what was just added. Boxes come from the bridge in page px; they are scaled here.
 */
export function Overlays({ boxes, scale, bounds, editingId }: OverlaysProps) {
  const { selectedId, hoveredId, highlightId, tool } = useEditor(
    useShallow((s) => ({ selectedId: s.selectedId, hoveredId: s.hoveredId, highlightId: s.highlightId, tool: s.tool })),
  );
  const presence = useEditor((s) => s.presence);
  const altMeasure = useEditor((s) => s.altMeasure);
  const nodes = useEditor((s) => s.nodes);

  // A hidden component (display: none) has an empty box: nothing to outline.
  const rectsOf = (id: string | null): Rect[] =>
    id ? (boxes.get(id) ?? []).filter((r) => r.width > 0 || r.height > 0).map((r) => round(toCanvas(r, scale))) : [];
  const name = (id: string) => nodeName(nodes.get(id), id);
  const parentId = selectedId ? parentIdOf(selectedId) : null;

  const selected = rectsOf(selectedId);
  const hovered = hoveredId !== selectedId ? rectsOf(hoveredId) : [];

  return (
    <div className="pointer-events-none absolute inset-0 overflow-hidden" aria-hidden="true" data-testid="canvas-overlays">
      {rectsOf(parentId).map((rect, i) => (
        <Outline key={`parent-${i}`} id={parentId!} rect={rect} kind="parent" color={ACCENT} />
      ))}
      {presence.map((user) => {
        const color = presenceColor(user.id);
        return rectsOf(user.selection).map((rect, i) => (
          <div key={`presence-${user.id}-${i}`}>
            <Outline id={user.selection!} rect={rect} kind="presence" color={color} />
            {i === 0 && (
              <Badge rect={rect} bounds={bounds} color={color} kind="presence">
                {user.name}
              </Badge>
            )}
          </div>
        ));
      })}
      {hovered.map((rect, i) => (
        <div key={`hover-${i}`}>
          <Outline id={hoveredId!} rect={rect} kind="hover" color={ACCENT} />
          {i === 0 && (
            <Badge rect={rect} bounds={bounds} color={ACCENT} kind="hover">
              {name(hoveredId!)}
            </Badge>
          )}
        </div>
      ))}
      {selected.map((rect, i) => (
        <div key={`selected-${i}`}>
          <Outline id={selectedId!} rect={rect} kind="selected" color={ACCENT} />
          {i === 0 && (
            <Badge rect={rect} bounds={bounds} color={ACCENT} kind="selected">
              <span data-testid="canvas-selection-name">{name(selectedId!)}</span>
              {editingId === selectedId && <span className="font-normal">· Editing text</span>}
            </Badge>
          )}
        </div>
      ))}
      {highlightId && rectsOf(highlightId).map((rect, i) => <Flash key={`${highlightId}-${i}`} rect={rect} />)}
      {(tool === 'measure' || (altMeasure && tool === 'none')) && (
        <Distances from={firstBox(boxes, selectedId)} to={hoveredId !== selectedId ? firstBox(boxes, hoveredId) : null} scale={scale} />
      )}
      {tool === 'inspect' && hovered[0] && <Size rect={hovered[0]} page={firstBox(boxes, hoveredId)!} />}
    </div>
  );
}

const MEASURE = '#e5484d';

/** The first non-empty box of a component, in page px. */
function firstBox(boxes: ReadonlyMap<string, readonly Rect[]>, id: string | null): Rect | null {
  return (id ? boxes.get(id)?.find((r) => r.width > 0 || r.height > 0) : undefined) ?? null;
}

/** The distance measure: lines from the selection to the hovered component, each with its length in px. */
function Distances({ from, to, scale }: { from: Rect | null; to: Rect | null; scale: number }) {
  if (!from || !to) return null;
  return (
    <>
      {measures(from, to, scale).map((m, i) => (
        <div key={i} data-canvas-measure={m.px}>
          <div
            className="absolute top-0 left-0"
            style={{
              transform: `translate(${Math.min(m.x1, m.x2)}px, ${Math.min(m.y1, m.y2)}px)`,
              width: Math.max(1, Math.abs(m.x2 - m.x1)),
              height: Math.max(1, Math.abs(m.y2 - m.y1)),
              background: MEASURE,
            }}
          />
          <div
            className="absolute top-0 left-0 rounded px-1 text-[11px] leading-4 font-medium text-white"
            style={{ transform: `translate(${(m.x1 + m.x2) / 2 + 4}px, ${(m.y1 + m.y2) / 2 - 8}px)`, background: MEASURE }}
          >
            {m.px}
          </div>
        </div>
      ))}
    </>
  );
}

/** Inspect: the hovered component's size in page px, under its outline. */
function Size({ rect, page }: { rect: Rect; page: Rect }) {
  return (
    <div
      className="absolute top-0 left-0 rounded bg-gray-900 px-1.5 text-[11px] leading-[18px] font-medium text-white tabular-nums"
      style={{ transform: `translate(${rect.x}px, ${rect.y + rect.height + 4}px)` }}
      data-canvas-size
    >
      {Math.round(page.width)} × {Math.round(page.height)}
    </div>
  );
}
