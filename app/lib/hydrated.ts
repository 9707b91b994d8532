// Small browser helpers the shell needs on every page; kept apart from the form kit so that pages
// without forms do not load conform and zod.
import { useEffect, useState } from 'react';

/**
 * True once React runs in the browser. Before that nothing may be disabled that a form without
 * JavaScript needs (the server checks instead).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Shift+Enter in a textarea submits its form (Enter alone stays a new line). */
export function submitOnShiftEnter(event: KeyboardEvent) {
  const target = event.target;
  if (event.key !== 'Enter' || !event.shiftKey || event.isComposing || !(target instanceof HTMLTextAreaElement) || !target.form) return;
  event.preventDefault();
  target.form.requestSubmit();
}

