/** The Mantine theme of docs/spec.md §9: palettes, Roboto/Helvetica/Arial, radius 8, breakpoints 0/600/900/1200/1536. */
import { createTheme, Notification, virtualColor, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { PALETTES, SEMANTIC_COLORS, SPEC_SHADE, shadesOf } from './palette';

const FONT = 'Roboto, Helvetica, Arial, sans-serif';

const colors: Record<string, MantineColorsTuple> = {
  // Surfaces of the dark scheme: dark[7] is Mantine's body (our "paper"), dark[6]/[5] inputs and borders.
  dark: ['#e0e0e0', '#b0b0b0', '#8a8a8a', '#6b6b6b', '#4a4a4a', '#3a3a3a', '#2c2c2c', '#1e1e1e', '#171717', '#121212'],
};
for (const name of SEMANTIC_COLORS) {
  colors[`${name}Light`] = shadesOf(PALETTES.light[name]);
  colors[`${name}Dark`] = shadesOf(PALETTES.dark[name]);
  colors[name] = virtualColor({ name, light: `${name}Light`, dark: `${name}Dark` });
}

export const theme = createTheme({
  colors,
  primaryColor: 'primary',
  primaryShade: SPEC_SHADE,
  autoContrast: true,
  respectReducedMotion: true,
  // Filled colours take #212121 text above this luminance, white below: at 0.24 each semantic colour gets
  // the text with more contrast (≥ 4.5:1; at 0.4 green and blue badges had white text at 2.4–3.1:1, axe).
  // Light red takes white on a darker red (app/layout/staff.css).
  luminanceThreshold: 0.24,
  fontFamily: FONT,
  headings: { fontFamily: FONT, fontWeight: '500' },
  defaultRadius: 'md',
  radius: { xs: '2px', sm: '4px', md: '8px', lg: '12px', xl: '16px' },
  breakpoints: { xs: '0em', sm: '37.5em', md: '56.25em', lg: '75em', xl: '96em' },
  white: '#ffffff',
  black: '#212121',
  components: {
    // Every notice's close button has a name (screen readers announced a bare "button").
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar aviso' } } }),
  },
});

/**
 * Secondary text in light theme: the spec's #757575 falls under 4.5:1 on striped rows and the page grey
 * (axe, issue #14 item 12), so dimmed text and placeholders use #666666 (≥ 5.2:1 on #f5f5f5).
 */
const DIMMED_LIGHT = '#666666';

/** Page background, app bars, paper, text, dimmed text and placeholders per scheme (Mantine's "body" is our paper). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--app-background': PALETTES.light.background,
    '--app-bar-bg': PALETTES.light.primary,
    '--app-bar-text': '#ffffff',
    '--mantine-color-body': PALETTES.light.paper,
    '--mantine-color-text': PALETTES.light.text,
    '--mantine-color-dimmed': DIMMED_LIGHT,
    '--mantine-color-placeholder': DIMMED_LIGHT,
    '--mantine-color-error': PALETTES.light.error,
  },
  dark: {
    '--app-background': PALETTES.dark.background,
    '--app-bar-bg': PALETTES.dark.paper,
    '--app-bar-text': PALETTES.dark.text,
    '--mantine-color-body': PALETTES.dark.paper,
    '--mantine-color-text': PALETTES.dark.text,
    '--mantine-color-dimmed': PALETTES.dark.textSecondary,
    '--mantine-color-placeholder': PALETTES.dark.textSecondary,
    '--mantine-color-error': PALETTES.dark.error,
  },
});
