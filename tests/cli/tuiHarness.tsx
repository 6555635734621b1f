import { spawn } from 'node:child_process';
import { render } from 'ink-testing-library';
import type { PagewrightClient } from '@pagewright/sdk';
import { App } from '../../cli/src/tui/App.js';
import { BIN, type Env } from './run.js';

/** Keys as a terminal sends them. */
export const keys = {
  enter: '\r',
  escape: '\u001b',
  up: '\u001b[A',
  down: '\u001b[B',
  right: '\u001b[C',
  left: '\u001b[D',
  backspace: '\u007f',
} as const;

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');

export interface Tui {
  /** The last frame drawn, without colours. */
  frame(): string;
  /** Every frame drawn so far, without colours (what flashed by while waiting). */
  frames(): string[];
  /** Sends keys as typed. */
  press(...input: string[]): void;
  /** Waits until the frame shows `text` (or the check holds); fails with the last frame otherwise. */
  waitFor(text: string | RegExp | ((frame: string) => boolean), timeout?: number): Promise<string>;
  /** Types text into an open input and waits until the input shows it. */
  type(text: string): Promise<void>;
  unmount(): void;
}

/** The terminal UI rendered into ink-testing-library's fake terminal, talking to a live server. */
export function startTui(props: { api: PagewrightClient; siteId?: string | null; cwd: string }): Tui {
  const app = render(<App api={props.api} siteId={props.siteId ?? null} cwd={props.cwd} />);
  const frame = () => (app.lastFrame() ?? '').replace(ANSI, '');
  const matches = (check: string | RegExp | ((frame: string) => boolean), text: string) =>
    typeof check === 'string' ? text.includes(check) : check instanceof RegExp ? check.test(text) : check(text);
  const tui: Tui = {
    frame,
    frames: () => app.frames.map((f) => f.replace(ANSI, '')),
    press: (...input) => {
      for (const chunk of input) app.stdin.write(chunk);
    },
    async waitFor(check, timeout = 8_000) {
      const deadline = Date.now() + timeout;
      for (;;) {
        const text = frame();
        if (matches(check, text)) return text;
        if (Date.now() > deadline) throw new Error(`The screen never showed ${String(check)}. Last frame:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async type(text) {
      app.stdin.write(text);
      // The input's line (`label: text`) ends with what was typed; ink trims the cursor's trailing space.
      await tui.waitFor((f) => f.split('\n').some((line) => line.trimEnd().endsWith(`: ${text}`)));
    },
    unmount: () => app.unmount(),
  };
  return tui;
}

/**
 * Runs the CLI on a pseudo-terminal of 100x40 (util-linux `script`; a bare pty has no size, and ink
 * would wrap every character), types `keys` once `ready` is on the screen, and answers the exit
 * code and everything the terminal showed.
 */
export function runTuiInTerminal(args: string[], env: Env, ready: string, keys: string): Promise<{ code: number | null; screen: string }> {
  const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;
  const command = `stty cols 100 rows 40; ${[process.execPath, BIN, ...args].map(quote).join(' ')}`;
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PAGEWRIGHT_') && key !== 'NO_COLOR'));
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qefc', command, '/dev/null'], { env: { ...base, TERM: 'xterm', ...env }, stdio: 'pipe' });
    let screen = '';
    let typed = false;
    const timer = setTimeout(() => child.kill(), 15_000);
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString();
      if (!typed && screen.replace(ANSI, '').includes(ready)) {
        typed = true;
        // A moment, as a person's: ink has put the terminal in raw mode by then.
        setTimeout(() => child.stdin.write(keys), 100);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, screen: screen.replace(ANSI, '') });
    });
  });
}
