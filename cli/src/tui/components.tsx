/** @jsxRuntime automatic */
// The pragma: the bin runs through tsx, which reads the tsconfig of the working directory, not cli's.
import { Box, Text, type Key } from 'ink';
import { useEffect, useState, type ReactNode } from 'react';
import { Level, useKeys } from './keys.js';

const isBack = (input: string, key: Key) => key.escape || input === 'q';

/** One line of text typed in place: Enter saves, Esc cancels, Backspace deletes. */
export function TextInput(props: {
  label: string;
  initial?: string;
  onSubmit: (text: string) => void;
  onCancel: () => void;
  hint?: string;
}) {
  const [text, setText] = useState(props.initial ?? '');
  useKeys(
    (input, key) => {
      if (key.return) props.onSubmit(text);
      else if (key.escape) props.onCancel();
      else if (key.backspace || key.delete) setText((t) => t.slice(0, -1));
      else if (key.ctrl && input === 'u') setText('');
      // A paste arrives as one chunk; line breaks in it end nothing.
      else if (!(key.ctrl || key.meta || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.tab))
        setText((t) => t + input.replace(/[\r\n]+/g, ' '));
      // Every key is the input's while it is open.
      return true;
    },
    { level: Level.modal },
  );
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>{props.label}: </Text>
        {text}
        <Text inverse> </Text>
      </Text>
      <HelpLine keys={['Enter save', 'Esc cancel', 'Backspace delete', 'Ctrl-U clear']} extra={props.hint} />
    </Box>
  );
}

/** A yes/no question; only y says yes. */
export function Confirm(props: { question: string; onYes: () => void; onNo: () => void }) {
  useKeys(
    (input) => {
      if (input === 'y' || input === 'Y') props.onYes();
      else props.onNo();
      return true;
    },
    { level: Level.modal },
  );
  return (
    <Box flexDirection="column">
      <Text color="yellow">{props.question} (y/N)</Text>
      <HelpLine keys={['y yes', 'any other key no']} />
    </Box>
  );
}

export interface ListProps<T> {
  items: readonly T[];
  /** The line shown for an item. */
  label(item: T): string;
  onSelect?(item: T, index: number): void;
  /** Esc or q. */
  onBack?(): void;
  /** Keys the list does not use itself, with the highlighted item (undefined in an empty list). */
  onKey?(input: string, key: Key, item: T | undefined, index: number): void;
  /** Server-side search: `/` asks for the text and hands it over. Without it, `/` filters the lines shown. */
  onSearch?(text: string): void;
  search?: string;
  /** ←/→ or PgUp/PgDn. */
  onPage?(delta: 1 | -1): void;
  empty?: string;
  /** False while something else on the screen has the keys. */
  active?: boolean;
  /** How many lines are shown around the highlighted one. */
  height?: number;
  /** The line highlighted at first. */
  initial?: number;
}

/** A list with a highlighted line: ↑/↓ or j/k move, Enter opens, / searches. */
export function List<T>(props: ListProps<T>) {
  const [index, setIndex] = useState(Math.max(0, props.initial ?? 0));
  const [searching, setSearching] = useState(false);
  const [filter, setFilter] = useState('');
  const shown =
    props.onSearch || !filter ? props.items : props.items.filter((item) => props.label(item).toLowerCase().includes(filter.toLowerCase()));
  const at = Math.min(index, Math.max(0, shown.length - 1));
  const active = (props.active ?? true) && !searching;
  useKeys(
    (input, key) => {
      // Functional updates: two keys typed before a render both count.
      if (key.upArrow || input === 'k') setIndex((i) => Math.max(0, Math.min(i, shown.length - 1) - 1));
      else if (key.downArrow || input === 'j') setIndex((i) => Math.max(0, Math.min(shown.length - 1, i + 1)));
      else if (key.return) {
        const item = shown[at];
        if (item !== undefined) props.onSelect?.(item, props.items.indexOf(item));
      } else if (isBack(input, key)) {
        if (!props.onSearch && filter) setFilter('');
        else props.onBack?.();
      } else if (input === '/') setSearching(true);
      else if (props.onPage && (key.rightArrow || key.pageDown)) props.onPage(1);
      else if (props.onPage && (key.leftArrow || key.pageUp)) props.onPage(-1);
      // Digits choose the screen (the app's keys), never a list's.
      else if (/^[1-9]$/.test(input)) return false;
      else {
        const item = shown[at];
        props.onKey?.(input, key, item, item === undefined ? -1 : props.items.indexOf(item));
      }
      return true;
    },
    { level: Level.list, active },
  );
  const height = props.height ?? 12;
  const start = Math.max(0, Math.min(at - Math.floor(height / 2), shown.length - height));
  const current = props.onSearch ? (props.search ?? '') : filter;
  return (
    <Box flexDirection="column">
      {searching ? (
        <TextInput
          label="Search"
          initial={current}
          onSubmit={(text) => {
            setSearching(false);
            setIndex(0);
            if (props.onSearch) props.onSearch(text.trim());
            else setFilter(text.trim());
          }}
          onCancel={() => setSearching(false)}
        />
      ) : current ? (
        <Text dimColor>
          Search: {current} (/ to change{props.onSearch ? ', empty to clear' : ', Esc to clear'})
        </Text>
      ) : null}
      {shown.length === 0 && props.empty !== '' ? <Text dimColor>{props.empty ?? 'Nothing here yet'}</Text> : null}
      {shown.slice(start, start + height).map((item, i) => {
        const selected = start + i === at;
        return (
          <Text key={`${start + i}`} color={selected ? 'cyan' : undefined} bold={selected}>
            {selected ? '❯ ' : '  '}
            {props.label(item)}
          </Text>
        );
      })}
    </Box>
  );
}

/** The keys of the screen, always at the bottom. */
export function HelpLine(props: { keys: string[]; extra?: string | undefined }) {
  return (
    <Box marginTop={1}>
      <Text dimColor>
        {props.keys.join(' · ')}
        {props.extra ? ` — ${props.extra}` : ''}
      </Text>
    </Box>
  );
}

/** A failure in red, a success in green; at most one of them. */
export function StatusLine(props: { error?: string | null; notice?: string | null }) {
  if (props.error) return <Text color="red">✖ {props.error}</Text>;
  if (props.notice) return <Text color="green">✔ {props.notice}</Text>;
  return null;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** A spinner with what is being waited for. */
export function Spinner(props: { label: string }) {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFrame((f) => (f + 1) % FRAMES.length), 80);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text color="cyan">
      {FRAMES[frame]} {props.label}
    </Text>
  );
}

/** A screen's title line. */
export function Title(props: { children: ReactNode }) {
  return (
    <Box marginBottom={1}>
      <Text bold color="magenta">
        {props.children}
      </Text>
    </Box>
  );
}
