import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  changedValues,
  createAsyncValidator,
  createFormValues,
  resetAllFormValues,
  setFormValue,
  showsRequired,
  undoFormValue,
} from './formValues.ts';

afterEach(() => vi.useRealTimers());

describe('form values (spec 001 §4 "Forms")', () => {
  it('track changed versus initial', () => {
    let values = createFormValues([
      { name: 'title', value: 'Hi' },
      { name: 'tag', value: 'h2' },
    ]);
    expect(changedValues(values)).toEqual([]);
    values = setFormValue(values, 'title', 'Hello');
    expect(changedValues(values).map((v) => v.name)).toEqual(['title']);
    values = setFormValue(values, 'title', 'Hi');
    expect(changedValues(values)).toEqual([]);
  });

  it('an unchanged value changes nothing', () => {
    const values = createFormValues([{ name: 'title', value: 'Hi' }]);
    expect(setFormValue(values, 'title', 'Hi')).toBe(values);
  });

  it('per-value undo takes back the last change of that value only', () => {
    let values = createFormValues([
      { name: 'a', value: '1' },
      { name: 'b', value: 'x' },
    ]);
    values = setFormValue(values, 'a', '2');
    values = setFormValue(values, 'b', 'y');
    values = setFormValue(values, 'a', '3');
    values = undoFormValue(values, 'a');
    expect(values.get('a')!.value).toBe('2');
    expect(values.get('b')!.value).toBe('y');
  });

  it('reset all returns every value to its initial one', () => {
    let values = createFormValues([
      { name: 'a', value: '1' },
      { name: 'b', value: 'x' },
    ]);
    values = setFormValue(setFormValue(values, 'a', '2'), 'b', 'y');
    values = resetAllFormValues(values);
    expect([...values.values()].map((v) => v.value)).toEqual(['1', 'x']);
    expect(changedValues(values)).toEqual([]);
  });

  it('required form field shows a Required badge when empty and not at its first revision', () => {
    let values = createFormValues([{ name: 'src', value: '', required: true }]);
    expect(showsRequired(values.get('src')!)).toBe(false);
    values = setFormValue(values, 'src', 'https://x.test');
    values = setFormValue(values, 'src', '  ');
    expect(showsRequired(values.get('src')!)).toBe(true);
  });

  it('async validators run after a 500 ms delay, the form flagging it is validating', async () => {
    vi.useFakeTimers();
    const states: Array<{ validating: boolean; error: string | null }> = [];
    const validate = vi.fn(async (v: string) => (v.startsWith('https://') ? null : 'Must be https'));
    const validator = createAsyncValidator(validate, (s) => states.push(s));
    validator.change('http');
    vi.advanceTimersByTime(300);
    validator.change('http://a');
    vi.advanceTimersByTime(499);
    expect(validate).not.toHaveBeenCalled();
    expect(states.at(-1)).toEqual({ validating: true, error: null });
    vi.advanceTimersByTime(1);
    await vi.runAllTimersAsync();
    expect(validate).toHaveBeenCalledTimes(1);
    expect(validate).toHaveBeenCalledWith('http://a');
    expect(states.at(-1)).toEqual({ validating: false, error: 'Must be https' });
  });
});
