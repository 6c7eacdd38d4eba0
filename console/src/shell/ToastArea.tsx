import { Suspense, lazy, useEffect, useState } from 'react';
import { onToastPending } from './notify';

const ToastHost = lazy(() => import('./ToastHost'));
const PRELOAD_DELAY_MS = 3000;

/** Mounts the toast area when the first toast is asked for, or a moment after start, whichever comes first. */
export function ToastArea() {
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setWanted(true), PRELOAD_DELAY_MS);
    const stop = onToastPending(() => setWanted(true));
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, []);

  return wanted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}
