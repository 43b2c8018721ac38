import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { BACK_TO_TOP_THRESHOLD_PX } from '../../lib/config';

/** Appears once the page is scrolled more than 600 px (spec §9). */
export function BackToTop() {
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={140}>
      <Transition transition="slide-up" mounted={scroll.y > BACK_TO_TOP_THRESHOLD_PX}>
        {(styles) => (
          <ActionIcon style={styles} size={44} radius="xl" variant="filled" onClick={() => scrollTo({ y: 0 })} aria-label="Back to top" data-testid="back-to-top">
            <IconArrowUp size={22} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
