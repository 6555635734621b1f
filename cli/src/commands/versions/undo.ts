import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Context } from '../../lib/command.js';
import type { Deps } from '../../lib/deps.js';
import { registerReplay, replay, type ReplayOptions } from './replay.js';

/** Undoes the newest edit of the site. */
export function run(opts: ReplayOptions, deps: Deps): Promise<void> {
  return replay('undo', opts, deps);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  return registerReplay('undo', parent, ctx);
}
