import { requestsInFlight } from '../../lib/api-client';
import { useSignal } from '../../lib/signal';
import classes from './loading-bar.module.css';

/** 6 px, #C99A4F, no spinner, fixed at the top, while any API request is in flight (spec §9). */
export function LoadingBar() {
  const busy = useSignal(requestsInFlight) > 0;
  if (!busy) return null;
  return <div className={classes.bar} role="progressbar" aria-label="Loading" data-testid="loading-bar" />;
}
