/**
 * Colour palettes of docs/spec.md §9. Each semantic colour is a Mantine virtual colour that resolves to a
 * light or a dark 10-shade tuple; the spec's exact value sits at index SPEC_SHADE of each tuple, and
 * the theme's primaryShade is SPEC_SHADE, so `color="success"` paints #4caf50 in light and #66bb6a in dark.
 */
import type { MantineColorsTuple } from '@mantine/core';

export const SPEC_SHADE = 6;

export const PALETTES = {
  light: {
    primary: '#1976d2',
    secondary: '#dc004e',
    background: '#f5f5f5',
    paper: '#ffffff',
    text: '#212121',
    textSecondary: '#757575',
    success: '#4caf50',
    error: '#f44336',
    warning: '#ff9800',
    info: '#2196f3',
  },
  dark: {
    primary: '#90caf9',
    secondary: '#f48fb1',
    background: '#121212',
    paper: '#1e1e1e',
    text: '#ffffff',
    textSecondary: '#b0b0b0',
    success: '#66bb6a',
    error: '#ef5350',
    warning: '#ffa726',
    info: '#42a5f5',
  },
} as const;

export const SEMANTIC_COLORS = ['primary', 'secondary', 'success', 'error', 'warning', 'info'] as const;

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(hex: string, target: number, amount: number): string {
  const channels = hexToRgb(hex).map((c) => Math.round(c + (target - c) * amount));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Ten shades from light to dark with `hex` itself at SPEC_SHADE. */
export function shadesOf(hex: string): MantineColorsTuple {
  const lighter = [0.9, 0.78, 0.64, 0.48, 0.32, 0.16].map((a) => mix(hex, 255, a));
  const darker = [0.14, 0.28, 0.42].map((a) => mix(hex, 0, a));
  return [...lighter, hex, ...darker] as unknown as MantineColorsTuple;
}
