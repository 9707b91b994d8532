/** Spec §9 breakpoints: small ≤640, medium 641–1024, large 1025–1440, x-large ≥1441 px. */
export const BREAKPOINTS = { medium: 641, large: 1025, xlarge: 1441 } as const;
