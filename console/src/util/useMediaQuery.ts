import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, following changes (window resize, rotation). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}

/** Desktop layout from this width on: the side menu is static beside the page; below it is an overlay. */
export const DESKTOP_QUERY = '(min-width: 992px)';
