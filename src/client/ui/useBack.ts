import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Back to the page that opened this one, or to `fallback` when it was opened directly. */
export function useBack(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key !== 'default') navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, location.key, fallback]);
}
