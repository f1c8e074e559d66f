/** Lets the http client (outside React) navigate through the router, e.g. to /relogin on a session errcode. */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setNavigator } from '../platform/navigation';

export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to) => navigate(to, { replace: true }));
  }, [navigate]);
  return null;
}
