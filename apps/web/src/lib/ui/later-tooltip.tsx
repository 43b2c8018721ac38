import type { TooltipProps } from '@mantine/core';
import { preloadable, useLoadedAfterPaint } from '../preloadable';

const Tooltip = preloadable<TooltipProps>(() => import('./tooltip').then((m) => m.Tooltip));

/**
 * Mantine's Tooltip for the controls of a first screen (the header's, a page's Back button): the control is drawn at
 * once, and its tooltip (floating-ui and Mantine's floating layer, about 25 KB) joins it once that screen has been
 * drawn, so a phone does not wait for that code before the page's first paint (issue 20, item 5). Until then the
 * control is the same, without the tooltip on hover.
 */
export function LaterTooltip(props: TooltipProps) {
  const ready = useLoadedAfterPaint(Tooltip);
  return ready ? <Tooltip {...props} /> : props.children;
}
