// A part of the shell the server renders with every page but whose code the browser loads only when
// it is first needed (issue #21 §4, decision 067): the header's mini-cart panel and the toolbox's
// panel, about 5 KB of the home page's first JavaScript that few visits use.
//
// The server renders the part from the module imported statically (`serverModule`, given only when
// `import.meta.env.SSR`, so the browser's build drops it). In the browser, until the module has
// loaded, the caller renders the part's outer element with an empty `dangerouslySetInnerHTML` and
// `suppressHydrationWarning`: hydration then keeps the server's HTML inside it as it is (a <details>
// still opens, its links and forms still work as plain HTML), and the module is imported when the
// part is wanted (opened, or its data changed). A part mounted after hydration (e.g. by the error
// page's shell) has no server HTML to keep, so it wants its module at once.
import { useEffect, useRef, useState, type MouseEvent } from 'react';

// False until the first deferred part's effects run: the page has hydrated from then on.
let hydrated = false;

export function deferredPart<M>(load: () => Promise<M>, serverModule: M | undefined) {
  let loaded: M | undefined = serverModule;
  let pending: Promise<M> | undefined;
  const preload = () => (pending ??= load().then((m) => (loaded = m)));

  /** The module once loaded (on the server at once); `wanted` starts its import in the browser. */
  function useModule(wanted: boolean): M | undefined {
    const [module, setModule] = useState<M | undefined>(loaded);
    const [mountedLate] = useState(() => hydrated);
    useEffect(() => {
      hydrated = true;
    }, []);
    const want = wanted || mountedLate;
    useEffect(() => {
      if (module || !want) return;
      let live = true;
      preload().then(
        (m) => live && setModule(() => m),
        // A failed chunk (a new deployment, the network): the server's HTML stays; the next wish retries.
        () => {
          pending = undefined;
        },
      );
      return () => {
        live = false;
      };
    }, [module, want]);
    return module ?? loaded;
  }

  return { useModule, preload };
}

/** The props of the outer element that keeps the server's HTML until the part's module has loaded. */
export const keepServerHtml = { dangerouslySetInnerHTML: { __html: '' }, suppressHydrationWarning: true } as const;

const REPLAY_ATTRIBUTES = ['data-testid', 'value', 'href', 'aria-label'] as const;

/**
 * A click on a button or link of the server's HTML of a part whose module is still loading: held
 * (the plain HTML would post or navigate without the page's scripts, or do nothing for a
 * script-only button), the module wanted, and the same control of the rendered part clicked once
 * it is there. `container`: a selector of the part's outer element.
 */
export function useHeldClick(loaded: boolean, container: string, want: () => void) {
  const held = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded || !held.current) return;
    const selector = held.current;
    held.current = null;
    document.querySelector<HTMLElement>(selector)?.click();
  }, [loaded]);
  return (event: MouseEvent<HTMLElement>) => {
    if (loaded || !(event.target instanceof Element)) return;
    const control = event.target.closest('button, a');
    if (!control || !control.closest(container)) return;
    event.preventDefault();
    const id = REPLAY_ATTRIBUTES.map((a) => (control.hasAttribute(a) ? `[${a}="${CSS.escape(control.getAttribute(a)!)}"]` : '')).join('');
    held.current = `${container} ${control.tagName.toLowerCase()}${id}`;
    want();
  };
}
