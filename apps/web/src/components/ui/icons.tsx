import type { SVGProps } from 'react';

/** A few stroke icons (24x24 grid), decorative: the control around them carries the name. */
function Icon({ children, size = 16, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export const ChevronLeftIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M15 6l-6 6l6 6" />
  </Icon>
);
export const ChevronRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 6l6 6l-6 6" />
  </Icon>
);
export const ChevronsLeftIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M11 7l-5 5l5 5" />
    <path d="M17 7l-5 5l5 5" />
  </Icon>
);
export const ChevronsRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 7l5 5l-5 5" />
    <path d="M13 7l5 5l-5 5" />
  </Icon>
);
export const ArrowUpIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 19V5" />
    <path d="M6 11l6-6l6 6" />
  </Icon>
);
export const ArrowDownIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 5v14" />
    <path d="M6 13l6 6l6-6" />
  </Icon>
);
export const ArrowsSortIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M8 9l4-4l4 4" />
    <path d="M8 15l4 4l4-4" />
  </Icon>
);
