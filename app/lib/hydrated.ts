// Small browser helpers the shell needs on every page; kept apart from the form kit so that pages
// without forms do not load conform and zod.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True once React runs in the browser. Before that nothing may be disabled that a form without
 * JavaScript needs (the server checks instead). False while hydrating (the server's snapshot), then
 * true; a component mounted after hydration is true from its first render: with a state set in an
 * effect, a part mounted late (the header cart's deferred panel) took a click replayed in the same
 * effects pass as not hydrated, and its form posted the whole page.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** Shift+Enter in a textarea submits its form (Enter alone stays a new line). */
export function submitOnShiftEnter(event: KeyboardEvent) {
  const target = event.target;
  if (event.key !== 'Enter' || !event.shiftKey || event.isComposing || !(target instanceof HTMLTextAreaElement) || !target.form) return;
  event.preventDefault();
  target.form.requestSubmit();
}

