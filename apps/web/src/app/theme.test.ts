import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
/** A variable's colour: a hex, or the shade a `var(--mantine-color-NAME-I)` names. */
const resolve = (value: string) => {
  const m = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
  return m ? full.colors[m[1]!]![Number(m[2])]! : value;
};

describe('theme colours (WCAG AA, what axe-core checks)', () => {
  const vars = cssVariablesResolver(full);

  it('coloured text and links read on white in the light scheme: gold text is not the brand #C99A4F', () => {
    for (const name of Object.keys(full.colors)) {
      expect(contrast(resolve(vars.light[`--mantine-color-${name}-text`]!), '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
      // a light badge's text on its shade-1 background
      expect(contrast(resolve(vars.light[`--mantine-color-${name}-light-color`]!), full.colors[name]![1]!), name).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(resolve(vars.light['--mantine-color-anchor']!), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(resolve(vars.light['--mantine-color-gold-text']!)).not.toBe('#c99a4f');
  });

  it('dimmed text and placeholders read in both schemes', () => {
    expect(contrast(resolve(vars.light['--mantine-color-dimmed']!), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(resolve(vars.light['--mantine-color-placeholder']!), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // on the dark scheme's cards and inputs (dark-7, dark-6)
    for (const bg of [full.colors.dark[7]!, full.colors.dark[6]!]) {
      expect(contrast(resolve(vars.dark['--mantine-color-dimmed']!), bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(resolve(vars.dark['--mantine-color-placeholder']!), bg)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('a disabled control\'s text reads on its grey in both schemes (issue 34: #adb5bd on #e9ecef, "Nothing to send")', () => {
    // Mantine's disabled backgrounds: gray-2 in light, dark-6 in dark
    expect(contrast(resolve(vars.light['--mantine-color-disabled-color']!), full.colors.gray[2]!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(resolve(vars.dark['--mantine-color-disabled-color']!), full.colors.dark[6]!)).toBeGreaterThanOrEqual(4.5);
  });

  it('a filled gold button gets dark text (white on #C99A4F is 2.6:1)', () => {
    expect(luminance(full.colors.gold[5]!)).toBeGreaterThan(full.luminanceThreshold);
    expect(contrast('#000000', full.colors.gold[5]!)).toBeGreaterThanOrEqual(4.5);
  });
});
