// The cart's count as the header, the side cart and the bottom bar show it (spec §2 Cart): pulsing
// for 7 s when the count changes. A file of its own: the mini-cart and its deferred panels share it.
import { useEffect, useRef, useState } from 'react';

export const BADGE_PULSE_MS = 7000;

export function CartBadge({ count, className = '' }: { count: number; className?: string }) {
  const [pulse, setPulse] = useState(false);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setPulse(true);
    const timer = window.setTimeout(() => setPulse(false), BADGE_PULSE_MS);
    return () => window.clearTimeout(timer);
  }, [count]);
  if (count === 0) return null;
  return (
    <span className={`cart-badge ${pulse ? 'animate-pulse' : ''} ${className}`} data-testid="cart-badge" data-count={count} data-pulse={pulse || undefined}>
      {count}
    </span>
  );
}
