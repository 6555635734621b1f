import { say, type Deps } from '../../../lib/deps.js';
import type { ReadPosition } from '../../../lib/records.js';
import type { JsonOption } from '../../../lib/output.js';

/** What one batch did, as the progress shows it. */
interface BatchCounts {
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

export interface Progress {
  batch(from: number, to: number, counts: BatchCounts, note?: string): void;
  /** Ends the bar's line, so the next message starts on its own. */
  end(): void;
}

/** The progress of a long import: a bar on a terminal, a line per batch in a log, nothing with --json. */
export function progressOf(deps: Deps, opts: { json?: JsonOption; dryRun?: boolean }, position: ReadPosition): Progress {
  const tty = (deps.err as { isTTY?: boolean }).isTTY === true;
  let drawn = false;
  return {
    batch(from, to, counts, note = '') {
      if (opts.json) return;
      if (tty) {
        const share = position.size ? Math.min(1, position.bytes / position.size) : 1;
        const width = 30;
        const done = Math.round(share * width);
        deps.err.write(
          `\r[${'#'.repeat(done)}${'-'.repeat(width - done)}] ${String(Math.round(share * 100)).padStart(3)}%  ${to.toLocaleString('en')} rows${note}\u001b[K`,
        );
        drawn = true;
        return;
      }
      const verb = opts.dryRun ? 'would be ' : '';
      say(
        deps,
        `rows ${from}-${to}: ${counts.created} ${verb}created, ${counts.updated} ${verb}updated, ${counts.unchanged} unchanged, ${counts.rejected} rejected${note}`,
      );
    },
    end() {
      if (drawn) deps.err.write('\n');
      drawn = false;
    },
  };
}
