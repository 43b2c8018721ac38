import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../lib/config';
import classes from './toasts.module.css';

/** The toasts' container; providers.tsx loads this module with the first toast (see LazyToasts there). */
export function Toasts() {
  // spec §9: top-right, 5000 ms, newest on top (lib/notify raises the priority of each new toast)
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} transitionDuration={300} limit={5} zIndex={4000} classNames={{ root: classes.root }} />;
}
