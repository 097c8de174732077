import { QueryClient } from '@tanstack/react-query';

/** The query cache of react-admin and the account area (not loaded by the other public pages). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } },
});
