import { QueryClientProvider } from '@tanstack/react-query';
import { AuthContext, StoreContextProvider } from 'ra-core';
import type { ReactNode } from 'react';
import { authProvider } from '../../providers';
import { queryClient } from '../../providers/queryClient';
import { store } from '../../providers/store';

/**
 * What the account area shares with react-admin's admin: the auth provider (the idle logout
 * signs out on the server), the preferences store it resets on logout, and the query cache.
 * Here rather than around every public page, so `/login` does not download them.
 */
export function AccountContext({ children }: { children: ReactNode }) {
  return (
    <AuthContext.Provider value={authProvider}>
      <StoreContextProvider value={store}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </StoreContextProvider>
    </AuthContext.Provider>
  );
}
