// Icons of the contacts pages that the shared set lacks (decision 028: inline SVG, decorative).
import type { IconProps } from '../icons';

/** A cross: a registry family a contact is not ready for (the badge's text says it too). */
export function CrossIcon({ size = '1em', className, ...rest }: IconProps) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" className={`icon${className ? ` ${className}` : ''}`} focusable="false" aria-hidden="true" {...rest}>
      <path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />
    </svg>
  );
}
