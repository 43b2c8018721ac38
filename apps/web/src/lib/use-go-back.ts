import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ADMIN_HOME } from './config';

/** Back to the previous route; with no history inside the app (a fresh tab), to the dashboard. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    // react-router keeps the position in its history stack in history.state.idx
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(ADMIN_HOME);
  }, [navigate]);
}
