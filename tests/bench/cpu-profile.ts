// A V8 CPU profile (what `node --cpu-prof` and the inspector's Profiler write) summed up as text: the
// functions with the most samples of their own (self) and on the stack at all (total), and the same by
// package, so a profile taken under load can be kept in tests/bench/RESULTS.md as a flame graph's
// summary.
import path from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface FrameShare {
  name: string;
  selfPct: number;
  totalPct: number;
}

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

/** Where a frame's code lives: a package's name, a file of the repository, or node's own. */
function placeOf(url: string): string {
  if (!url) return '(native)';
  const file = url.replace(/^file:\/\//, '');
  const modules = file.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = file.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (file.startsWith('node:')) return 'node';
  return file.startsWith(repoRoot) ? path.relative(repoRoot, file) : file;
}

const frameName = (f: CallFrame) => `${f.functionName || '(anonymous)'} ${placeOf(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;

/** The package (or, for the repository's own code, the top folder under server/src) a frame belongs to. */
function groupOf(f: CallFrame): string {
  const place = placeOf(f.url);
  if (place.startsWith('server/src/')) return place.split('/').slice(0, 3).join('/');
  if (place === '(native)') return f.functionName.startsWith('(') ? f.functionName : '(native)';
  return place;
}

/**
 * Self and total shares of the samples, by function and by package. A frame is counted once per
 * sample however often it recurs on that stack. `(idle)` samples (the event loop waiting) are left
 * out of the whole, so the shares are of the time the process was busy.
 */
export function summarize(profile: CpuProfile, top = 25): { busyMs: number; idlePct: number; frames: FrameShare[]; groups: FrameShare[] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = { frames: new Map<string, number>(), groups: new Map<string, number>() };
  const total = { frames: new Map<string, number>(), groups: new Map<string, number>() };
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  let busy = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') {
      idle += ms;
      return;
    }
    busy += ms;
    add(self.frames, frameName(node.callFrame), ms);
    add(self.groups, groupOf(node.callFrame), ms);
    const seenFrames = new Set<string>();
    const seenGroups = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.functionName === '(root)') break;
      seenFrames.add(frameName(frame));
      seenGroups.add(groupOf(frame));
    }
    for (const f of seenFrames) add(total.frames, f, ms);
    for (const g of seenGroups) add(total.groups, g, ms);
  });
  const shares = (selfMap: Map<string, number>, totalMap: Map<string, number>, order: 'self' | 'total') =>
    [...totalMap.keys()]
      .map((name) => ({ name, selfPct: (100 * (selfMap.get(name) ?? 0)) / busy, totalPct: (100 * totalMap.get(name)!) / busy }))
      .sort((a, b) => (order === 'self' ? b.selfPct - a.selfPct : b.totalPct - a.totalPct))
      .slice(0, top);
  return {
    busyMs: busy,
    idlePct: (100 * idle) / (busy + idle),
    frames: shares(self.frames, total.frames, 'self'),
    groups: shares(self.groups, total.groups, 'self'),
  };
}

/** A markdown table of shares. */
export function shareTable(title: string, rows: FrameShare[]): string {
  const lines = [`| ${title} | self % | total % |`, '| --- | ---: | ---: |'];
  for (const r of rows) lines.push(`| \`${r.name.replace(/\|/g, '\\|')}\` | ${r.selfPct.toFixed(1)} | ${r.totalPct.toFixed(1)} |`);
  return lines.join('\n');
}
