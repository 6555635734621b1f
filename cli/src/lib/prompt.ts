import readline from 'node:readline';
import { CancelledError, CliError } from './errors.js';
import type { Writer } from './output.js';

/** Questions asked on the terminal. Prompts go to stderr so stdout stays data. */
export interface Prompter {
  /** True only when stdin and stderr are terminals; otherwise commands need flags instead. */
  readonly enabled: boolean;
  text(question: string): Promise<string>;
  /** Reads without echoing what is typed (passwords). */
  secret(question: string): Promise<string>;
  /** Answers true only for y or yes; anything else is no. */
  confirm(question: string): Promise<boolean>;
}

/** The error for a prompt that cannot be asked: it says which flags to pass instead. */
function flagsRequired(flags: string): CliError {
  return new CliError(`${flags} required when not running interactively`);
}

/** Throws unless prompts can be asked, naming the flags that replace them. */
export function requirePrompt(prompt: Prompter, flags: string): void {
  if (!prompt.enabled) throw flagsRequired(flags);
}

/** stdin as the prompts need it: raw mode for secrets when it is a terminal. */
export interface TtyInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

/** Prompts on the process's terminal; Ctrl-C or Ctrl-D at a prompt cancels (exit code 2). */
export function terminalPrompter(input: TtyInput, output: Writer & NodeJS.WritableStream, enabled: boolean): Prompter {
  const ask = (question: string) =>
    new Promise<string>((resolve, reject) => {
      const rl = readline.createInterface({ input, output, terminal: true });
      let answered = false;
      rl.on('SIGINT', () => {
        output.write('\n');
        rl.close();
      });
      rl.on('close', () => {
        if (!answered) reject(new CancelledError());
      });
      rl.question(question, (answer) => {
        answered = true;
        rl.close();
        resolve(answer.trim());
      });
    });

  return {
    enabled,
    text(question) {
      if (!enabled) return Promise.reject(flagsRequired('flags'));
      return ask(question);
    },
    confirm(question) {
      if (!enabled) return Promise.reject(flagsRequired('--yes'));
      return ask(`${question} (y/N) `).then((answer) => /^y(es)?$/i.test(answer));
    },
    secret(question) {
      if (!enabled) return Promise.reject(flagsRequired('flags'));
      output.write(question);
      // Raw mode: keys arrive one by one and nothing is echoed.
      return new Promise<string>((resolve, reject) => {
        let value = '';
        const finish = (error: Error | null) => {
          input.removeListener('data', onData);
          input.setRawMode?.(false);
          input.pause();
          output.write('\n');
          if (error) reject(error);
          else resolve(value);
        };
        const onData = (chunk: Buffer | string) => {
          for (const char of String(chunk)) {
            if (char === '\r' || char === '\n') return finish(null);
            if (char === '\u0003') return finish(new CancelledError());
            if (char === '\u0004') return finish(value ? null : new CancelledError());
            if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
            else if (char >= ' ') value += char;
          }
        };
        input.setRawMode?.(true);
        input.resume();
        input.on('data', onData);
      });
    },
  };
}
