/** Spec 002 §2 and §9: a language's completion bar is red under 40 %, orange to 70 %, yellow to 90 %, green from 90 %. */
export const COMPLETION_THRESHOLDS = [0.4, 0.7, 0.9] as const;

export type CompletionTone = 'red' | 'orange' | 'yellow' | 'green';

/** The tone of a whole percentage (0-100). */
export function completionTone(percent: number): CompletionTone {
  const share = percent / 100;
  const [orange, yellow, green] = COMPLETION_THRESHOLDS;
  if (share < orange) return 'red';
  if (share < yellow) return 'orange';
  if (share < green) return 'yellow';
  return 'green';
}

/** The bar's colour per tone (Tailwind classes, written out so the compiler keeps them). */
export const TONE_CLASS: Record<CompletionTone, string> = {
  red: 'bg-red-500',
  orange: 'bg-orange-500',
  yellow: 'bg-yellow-400',
  green: 'bg-emerald-500',
};
