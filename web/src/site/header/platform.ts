/** Whether shortcuts read ⌘ (macOS and iOS) or Ctrl. */
export function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}
