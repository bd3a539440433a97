import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';

/**
 * Any 401 (except a failed login): the api client has already cleared the stored session;
 * drop cached tenant data and go to the login page.
 */
export function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      void import('./query-client').then(({ queryClient }) => queryClient.clear());
      if (window.location.pathname !== '/login') navigate('/login', { replace: true });
    });
  }, [navigate]);
  return null;
}
