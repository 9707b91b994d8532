// The UI's icons as inline SVG (decision 028): emoji and dingbats depend on the visitor's fonts (an
// empty box where no emoji font exists), inline SVG draws the same everywhere and costs no request.
// Every icon is decorative: aria-hidden and out of the tab order, drawn in currentColor at 1em (the
// surrounding text's size) unless `size` says otherwise. Where an icon carries meaning, the text next
// to it (or the control's aria-label) says it; pass `title` only when nothing else does, which turns
// the icon into an image with that name.
import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & {
  /** CSS length or pixels; default 1em, so the icon follows the font size. */
  size?: number | string;
  /** A text alternative for an icon that stands alone; without it the icon is hidden from assistive tech. */
  title?: string;
};

function Svg({ size = '1em', title, className, children, ...rest }: IconProps & { children: ReactNode }) {
  const labelled = Boolean(title);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`icon${className ? ` ${className}` : ''}`}
      focusable="false"
      {...(labelled ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      {...rest}
    >
      {children}
    </svg>
  );
}

export function CartIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M2.5 3.5h2.6l2.3 11.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 7.5H6" />
      <circle cx="9.5" cy="20" r="1.4" />
      <circle cx="17" cy="20" r="1.4" />
    </Svg>
  );
}

/** A tick: a feature a plan includes, a name already in the cart. */
export function CheckIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4.5 12.5l5 5 10-11" />
    </Svg>
  );
}

/** A tick in a circle: something complete (a domain's configuration). */
export function CheckCircleIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M7.5 12.5l3 3 6-6.5" />
    </Svg>
  );
}

/** A triangle with '!': something needs the visitor's attention. */
export function WarningIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M10.3 3.9L2.2 18a2 2 0 0 0 1.7 3h16.2a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
      <path d="M12 9.5v4.5" />
      <path d="M12 17.5h.01" />
    </Svg>
  );
}

const STAR = 'M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z';

/** A filled star: a starred (favourite) result. */
export function StarIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d={STAR} fill="currentColor" />
    </Svg>
  );
}

/** An outlined star: a result that can be starred. */
export function StarOutlineIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d={STAR} />
    </Svg>
  );
}

/** A globe: 'another country' where a flag would stand (the VAT country OTHER). */
export function GlobeIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M2.5 12h19" />
      <path d="M12 2.5c2.6 2.7 3.9 5.9 3.9 9.5s-1.3 6.8-3.9 9.5c-2.6-2.7-3.9-5.9-3.9-9.5s1.3-6.8 3.9-9.5z" />
    </Svg>
  );
}

export function ChevronUpIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 15l6-6 6 6" />
    </Svg>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 9l6 6 6-6" />
    </Svg>
  );
}

/** An arrow pointing up: back to the top of the page. */
export function ArrowUpIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 19V5" />
      <path d="M6 11l6-6 6 6" />
    </Svg>
  );
}
