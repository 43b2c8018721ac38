import { type MantineColorsTuple, createTheme } from '@mantine/core';

/** Brand gold around #C99A4F (index 5): the primary colour. */
const gold: MantineColorsTuple = ['#fbf6ee', '#f4e9d5', '#e9d3aa', '#dfbd80', '#d6ab62', '#c99a4f', '#b5873f', '#957035', '#76592b', '#584220'];
/** Soft makeup pink: the secondary colour (badges, accents). */
const blush: MantineColorsTuple = ['#fdf0f4', '#f9dbe5', '#f2b6ca', '#eb8fae', '#e56e97', '#e05a89', '#cc4a78', '#a93b62', '#86304e', '#63243a'];

export const theme = createTheme({
  primaryColor: 'gold',
  primaryShade: { light: 5, dark: 6 },
  colors: { gold, blush },
  autoContrast: true,
  luminanceThreshold: 0.45,
  defaultRadius: 'md',
  fontFamily: "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontFamily: "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif", fontWeight: '700' },
  other: { secondaryColor: 'blush' },
});
