import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Deps } from './deps.js';

/** What a command's registration needs from the program: the deps of the command being run. */
export interface Context {
  deps(command: CommandUnknownOpts): Deps;
}

/** The `Examples:` block that opens every command's help; lines starting with # are comments. */
function examples(...lines: string[]): string {
  return `Examples:\n${lines.map((line) => (line.startsWith('#') ? `  ${line}` : `  $ ${line}`)).join('\n')}\n`;
}

/** Puts the examples at the top of the command's help, above the usage line. */
export function withExamples<C extends CommandUnknownOpts>(command: C, ...lines: string[]): C {
  command.addHelpText('before', examples(...lines));
  return command;
}

export const jsonFlag = ['--json [fields]', 'print the data as JSON; --json a,b just those fields (--json ? lists them)'] as const;
export const yesFlag = ['-y, --yes', 'do not ask for confirmation'] as const;

/** `--site`, taken from PAGEWRIGHT_SITE when not given; the command refuses to run without one. */
export const siteOption = () => new Option('-s, --site <domain>', 'the site to work on').env('PAGEWRIGHT_SITE').makeOptionMandatory();
