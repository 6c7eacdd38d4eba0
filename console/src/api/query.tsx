// The console's data layer: TanStack Query holds each read's state (asking, answered, failed), so a screen's
// "loaded" is one observable thing instead of a flag per hand-written effect. The defaults keep the console's
// behaviour: a read is asked once when its screen or panel opens (no retry, no asking again on focus or
// reconnect), and an answer nothing shows any more is dropped, so reopening a panel asks afresh and never shows
// an older answer first.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        gcTime: 0,
        staleTime: 0,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
    },
  });
}

/** One query client for the tree below it: the app's, made once per mount (a test's render gets its own). */
export function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [own] = useState(() => client ?? createQueryClient());
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
