import { useEffect, useState } from 'react';
import { LOADER_HIDE_MS, studio } from '../../lib/config';
import { StudioMark } from '../../lib/ui/studio-logo';
import classes from './app-loader.module.css';

/** The full-screen logo loader shown when the app starts; it fades away after 3000 ms (spec §9). */
export function AppLoader() {
  const [phase, setPhase] = useState<'shown' | 'fading' | 'gone'>('shown');
  useEffect(() => {
    const fade = window.setTimeout(() => setPhase('fading'), LOADER_HIDE_MS);
    const gone = window.setTimeout(() => setPhase('gone'), LOADER_HIDE_MS + 300);
    return () => {
      window.clearTimeout(fade);
      window.clearTimeout(gone);
    };
  }, []);
  if (phase === 'gone') return null;
  return (
    <div className={classes.loader} data-phase={phase} data-testid="app-loader" aria-hidden={phase === 'fading'}>
      <div className={classes.mark}>
        <StudioMark size={72} />
      </div>
      <div className={classes.name}>{studio.name}</div>
    </div>
  );
}
