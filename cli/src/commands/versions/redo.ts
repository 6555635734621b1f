import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Context } from '../../lib/command.js';
import type { Deps } from '../../lib/deps.js';
import { registerReplay, replay, type ReplayOptions } from './replay.js';

/** Redoes the oldest undone edit of the site. */
export function run(opts: ReplayOptions, deps: Deps): Promise<void> {
  return replay('redo', opts, deps);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  return registerReplay('redo', parent, ctx);
}
