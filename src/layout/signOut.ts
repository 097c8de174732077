import { authProvider } from '../providers';

/**
 * What react-admin's logout does, for the pages outside it: signs out on the server, leaves
 * the page (before a page that requires a user sends the visitor to sign in again with a
 * returnUrl), then forgets the preferences and the query cache, loaded only now so that
 * `/login` never carries them.
 */
export async function signOut(navigate: (to: string) => void) {
  const to = await authProvider.logout({});
  navigate(typeof to === 'string' ? to : '/login');
  const [{ store }, { queryClient }] = await Promise.all([
    import('../providers/store'),
    import('../providers/queryClient'),
  ]);
  store.reset();
  queryClient.clear();
}
