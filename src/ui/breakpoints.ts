// The widths the layout changes at, in one place (requirements R2.6, R9.7; decision 044).

/** The layout's breakpoints: the sprinkles conditions and the page's gutters follow them. */
export const breakpoints = { sm: 600, md: 900, lg: 1500, xl: 2000 } as const

/** At this width or less the sidebar is a drawer over the content (requirements R2.6). */
export const SIDEBAR_DRAWER_MAX = 1200

/** At this width or less the top bar keeps only what must stay and drawers take the whole screen. */
export const MOBILE_MAX = 650

export const media = {
  drawer: `screen and (max-width: ${SIDEBAR_DRAWER_MAX}px)`,
  mobile: `screen and (max-width: ${MOBILE_MAX}px)`,
  /** Movement only for those who have not asked their system for less (WCAG 2.3.3). */
  motion: '(prefers-reduced-motion: no-preference)',
  atLeast: (breakpoint: keyof typeof breakpoints) =>
    `screen and (min-width: ${breakpoints[breakpoint]}px)`,
}
