// Mantine's Tooltip (with floating-ui, its positioning), alone in a chunk: later-tooltip.tsx loads it.
export { Tooltip } from '@mantine/core';
