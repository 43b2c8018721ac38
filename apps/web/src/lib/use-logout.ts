import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from './auth-store';
import { LOGIN_PATH } from './config';

/** Logs out, drops every cached answer and goes to the login page. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void logout();
    queryClient.clear();
    void navigate(LOGIN_PATH, { replace: true });
  }, [navigate, queryClient]);
}
