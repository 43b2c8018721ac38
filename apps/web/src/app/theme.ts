import { Anchor, type CSSVariablesResolver, type MantineColorsTuple, Pagination, createTheme, darken, luminance } from '@mantine/core';

/** Brand gold around #C99A4F (index 5): the primary colour. */
const gold: MantineColorsTuple = ['#fbf6ee', '#f4e9d5', '#e9d3aa', '#dfbd80', '#d6ab62', '#c99a4f', '#b5873f', '#957035', '#76592b', '#584220'];
/** Soft makeup pink: the secondary colour (badges, accents). */
const blush: MantineColorsTuple = ['#fdf0f4', '#f9dbe5', '#f2b6ca', '#eb8fae', '#e56e97', '#e05a89', '#cc4a78', '#a93b62', '#86304e', '#63243a'];

const PAGE_CONTROLS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

export const theme = createTheme({
  primaryColor: 'gold',
  primaryShade: { light: 5, dark: 6 },
  colors: { gold, blush },
  autoContrast: true,
  // the luminance where black and white text have the same contrast (4.58:1): a filled gold, pink or red button
  // gets whichever of the two reads better, never white on gold (2.6:1)
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  fontFamily: "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontFamily: "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif", fontWeight: '700' },
  other: { secondaryColor: 'blush' },
  components: {
    // a link is told from the text around it by more than its colour
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // a choice is never emptied by clicking the chosen option again (a deposit's method went missing so); a select
    // that may be empty says so with a clear button (`clearable`). A plain object, not Select.extend: importing Select
    // here would put the combobox and its popover into the login route's JavaScript (+32 KB br)
    Select: { defaultProps: { allowDeselect: false } },
    // the arrows of every paged table have a name (they show only an icon)
    Pagination: Pagination.extend({
      defaultProps: {
        getControlProps: (control: keyof typeof PAGE_CONTROLS) => ({ 'aria-label': PAGE_CONTROLS[control] }),
        getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
      },
    }),
  },
});

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/**
 * Text in a colour that reads on white at WCAG AA and a little more (5:1, for the tinted backgrounds text also sits
 * on): the first shade from 6 on that does, or shade 9 darkened until it does (orange, yellow).
 */
export function readableText(name: string, shades: readonly string[], ratio = 5): string {
  for (let i = 6; i < shades.length; i += 1) if (contrast(shades[i]!, '#ffffff') >= ratio) return `var(--mantine-color-${name}-${i})`;
  return darkenUntil(shades[9]!, '#ffffff', ratio);
}

function darkenUntil(color: string, on: string, ratio: number): string {
  let out = color;
  for (let step = 1; step <= 10 && contrast(out, on) < ratio; step += 1) out = darken(color, 0.08 * step);
  return out;
}

/**
 * Text colours that read (axe-core, WCAG AA): coloured text and outlines in the light scheme use a dark enough shade
 * of their colour (gold text is #76592b, not the brand #C99A4F at 2.6:1 on white); dimmed text is darker in light
 * and lighter in dark mode. Filled surfaces keep the brand shades.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': readableText(t.primaryColor, t.colors[t.primaryColor]!),
    // a disabled control's text on its grey (Mantine's gray-5 on gray-2 is 1.9:1): "Nothing to send" on the reminder
    // runs, a till button; axe checks a disabled link (an <a> has no disabled state) like any text (issue 34)
    '--mantine-color-disabled-color': 'var(--mantine-color-gray-7)',
  };
  for (const [name, shades] of Object.entries(t.colors)) {
    if (shades.length !== 10) continue;
    const text = readableText(name, shades);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    // the text of a `light` badge or button, on shade 1
    light[`--mantine-color-${name}-light-color`] = darkenUntil(shades[9]!, shades[1]!, 5);
  }
  return { variables: {}, light, dark: {
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
      // dark-3 on dark-6 is 2.4:1
      '--mantine-color-disabled-color': 'var(--mantine-color-dark-1)',
    },
  };
};
