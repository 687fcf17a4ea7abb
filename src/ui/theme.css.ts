import { createTheme, createThemeContract, globalStyle } from '@vanilla-extract/css'

// One contract, two palettes: components only ever read `vars`, so switching the class on <html>
// re-themes everything without re-rendering React.
export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    surfaceRaised: null,
    surfaceHover: null,
    text: null,
    muted: null,
    border: null,
    primary: null,
    primaryHover: null,
    primaryText: null,
    primarySoft: null,
    success: null,
    successSoft: null,
    warning: null,
    warningSoft: null,
    danger: null,
    dangerSoft: null,
    gray: null,
    graySoft: null,
    focus: null,
    overlay: null,
  },
  space: { none: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  radius: { sm: null, md: null, lg: null, full: null },
  font: { body: null, mono: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  fontWeight: { regular: null, medium: null, bold: null },
  shadow: { sm: null, md: null, lg: null },
  layout: {
    sidebarOpen: null,
    sidebarCollapsed: null,
    topBar: null,
    formBottomMargin: null,
  },
})

const shared = {
  // 16px per rem (requirements R9.12); spacing steps are rem so they follow the user's font size.
  space: {
    none: '0',
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
  },
  radius: { sm: '4px', md: '8px', lg: '12px', full: '9999px' },
  font: {
    body: '"Inter", "Segoe UI", "Helvetica Neue", Arial, "DejaVu Sans", sans-serif',
    mono: 'ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, monospace',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.5rem',
    xxl: '2rem',
  },
  fontWeight: { regular: '400', medium: '500', bold: '650' },
  layout: {
    sidebarOpen: '300px',
    sidebarCollapsed: '80px',
    topBar: '64px',
    formBottomMargin: '80px',
  },
}

// Text/background pairs are chosen for WCAG AA contrast (≥4.5:1) in both palettes.
export const lightTheme = createTheme(vars, {
  ...shared,
  color: {
    background: '#f4f6fa',
    surface: '#ffffff',
    surfaceRaised: '#ffffff',
    surfaceHover: '#eef2f8',
    text: '#111827',
    muted: '#4b5563',
    border: '#d1d5db',
    primary: '#1d4ed8',
    primaryHover: '#1e40af',
    primaryText: '#ffffff',
    primarySoft: '#dbe6ff',
    success: '#166534',
    successSoft: '#dcfce7',
    warning: '#92400e',
    warningSoft: '#fef3c7',
    danger: '#b91c1c',
    dangerSoft: '#fee2e2',
    gray: '#4b5563',
    graySoft: '#e5e7eb',
    focus: '#2563eb',
    overlay: 'rgba(17, 24, 39, 0.45)',
  },
  shadow: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.08)',
    md: '0 4px 12px rgba(15, 23, 42, 0.12)',
    lg: '0 12px 32px rgba(15, 23, 42, 0.2)',
  },
})

export const darkTheme = createTheme(vars, {
  ...shared,
  color: {
    background: '#0b1120',
    surface: '#111827',
    surfaceRaised: '#1a2333',
    surfaceHover: '#1f2a3d',
    text: '#f3f4f6',
    muted: '#b6bfcc',
    border: '#374151',
    primary: '#8fb3ff',
    primaryHover: '#b3cbff',
    primaryText: '#0b1120',
    primarySoft: '#1e2f55',
    success: '#86efac',
    successSoft: '#14351f',
    warning: '#fcd34d',
    warningSoft: '#3b2a0a',
    danger: '#fca5a5',
    dangerSoft: '#3f1616',
    gray: '#cbd5e1',
    graySoft: '#273244',
    focus: '#93c5fd',
    overlay: 'rgba(0, 0, 0, 0.6)',
  },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 4px 12px rgba(0, 0, 0, 0.5)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.6)',
  },
})

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })

globalStyle('html', { fontSize: '16px' })

globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
})

globalStyle(':focus-visible', {
  outline: `2px solid ${vars.color.focus}`,
  outlineOffset: '2px',
})

globalStyle('a', { color: vars.color.primary })
