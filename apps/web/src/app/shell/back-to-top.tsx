import { ActionIcon, Affix, Transition } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { BACK_TO_TOP_THRESHOLD_PX } from '../../lib/config';

/**
 * Whether the page is scrolled more than `threshold` px, from its scroll events: redrawn when that changes, not on
 * every scroll, and nothing read at mount (a read of the scroll position then made the browser lay out the new page
 * in the middle of its first drawing; a page opened scrolled, by Back, gets a scroll event).
 */
function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const check = () => setPast(window.scrollY > threshold);
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [threshold]);
  return past;
}

/** Appears once the page is scrolled more than 600 px (spec §9). */
export function BackToTop() {
  const past = useScrolledPast(BACK_TO_TOP_THRESHOLD_PX);
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={140}>
      <Transition transition="slide-up" mounted={past}>
        {(styles) => (
          <ActionIcon style={styles} size={44} radius="xl" variant="filled" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })} aria-label="Back to top" data-testid="back-to-top">
            <IconArrowUp size={22} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
