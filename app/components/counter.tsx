// Animated number counter (spec §2/§9): counts from 0 over 1000 ms, once, when scrolled into view.
// The server renders the final number, so without JavaScript (or with reduced motion) it is right.
// A counter already on the screen when the page hydrates keeps its number (issue #25 §6: the home
// page showed 0 / 0 / 0 until it was scrolled): only one below the fold goes to 0, unseen, and counts
// up when it comes into view.
import { useEffect, useRef, useState } from 'react';

export const COUNTER_DURATION_MS = 1000;

export function Counter({ value, format }: { value: number; format: (n: number) => string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [shown, setShown] = useState(value);
  useEffect(() => {
    const el = ref.current;
    if (!el || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const box = el.getBoundingClientRect();
    if (box.bottom > 0 && box.top < window.innerHeight) return;
    setShown(0);
    let frame = 0;
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        const start = performance.now();
        const tick = (now: number) => {
          const p = Math.min(1, (now - start) / COUNTER_DURATION_MS);
          setShown(Math.round(value * p));
          if (p < 1) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: 0.4 },
    );
    io.observe(el);
    return () => {
      io.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [value]);
  return (
    <span ref={ref}>
      <span className="sr-only">{format(value)}</span>
      <span aria-hidden="true">{format(shown)}</span>
    </span>
  );
}
