import { useEffect, useState } from 'react';

/** Spec §9 breakpoints: small ≤640, medium 641–1024, large 1025–1440, x-large ≥1441 px. */
export const BREAKPOINTS = { medium: 641, large: 1025, xlarge: 1441 } as const;

export function useMediaQuery(query: string, serverDefault = false): boolean {
  const [matches, setMatches] = useState(serverDefault);
  useEffect(() => {
    const mql = window.matchMedia(query);
    const update = () => setMatches(mql.matches);
    update();
    mql.addEventListener('change', update);
    return () => mql.removeEventListener('change', update);
  }, [query]);
  return matches;
}

export function useIsLarge(): boolean {
  return useMediaQuery(`(min-width: ${BREAKPOINTS.large}px)`, true);
}
