import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALT_MEASURE_DELAY_MS } from './store.ts';
import { editorForTest } from './testing.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the Alt-key distance measure (spec 001 §4)', () => {
  it('shows once Alt has been held 100 ms, and goes when it is let go', () => {
    vi.useFakeTimers();
    const { store } = editorForTest();
    store.getState().holdAlt(true);
    vi.advanceTimersByTime(ALT_MEASURE_DELAY_MS - 1);
    expect(store.getState().altMeasure).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.getState().altMeasure).toBe(true);
    store.getState().holdAlt(false);
    expect(store.getState().altMeasure).toBe(false);
  });

  it('does not show for a quick Alt press (a shortcut with Alt)', () => {
    vi.useFakeTimers();
    const { store } = editorForTest();
    store.getState().holdAlt(true);
    vi.advanceTimersByTime(50);
    store.getState().holdAlt(false);
    vi.advanceTimersByTime(500);
    expect(store.getState().altMeasure).toBe(false);
  });
});
