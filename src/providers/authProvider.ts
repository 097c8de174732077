import type { AuthProvider } from 'ra-core';
import type { LoginRequest, LoginResult } from '../../contract/account';
import { loginPathWithReturn } from '../../contract/returnUrl';
import { currentMessages } from '../i18n/locale';
import type { HttpClient } from './httpClient';
import type { Session } from './session';

const twoFactorPath = '/login/two-factor-authentication';

const currentPath = () => `${window.location.pathname}${window.location.search}`;

export const profilePhotoUrl = (userId: number, guid: string) => `/api/users/${userId}/profilePhoto/${guid}`;

/** react-admin's view of our sign-in; the server's session cookie is the truth. */
export function createAuthProvider(http: HttpClient, session: Session): AuthProvider {
  return {
    async login(params: LoginRequest & { returnUrl?: string }) {
      const { returnUrl, ...credentials } = params;
      const body = await http<{ result: LoginResult }>('/api/account/login', {
        method: 'POST',
        body: credentials,
      });
      const { status, message } = body.result;
      if (status === 'RequiresTwoFactor') {
        const query = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : '';
        return { redirectTo: `${twoFactorPath}${query}` };
      }
      if (status !== 'Succeeded') throw new Error(message ?? currentMessages().login.failed);
      session.reset();
      await session.refresh();
      return { redirectTo: false };
    },
    /**
     * A signed-in user who logs out lands on a bare /login; react-admin also "logs out" a
     * visitor who was never signed in, and that visitor should come back after signing in.
     */
    async logout() {
      const wasSignedIn = session.getState().user !== null;
      try {
        await http('/api/account/logout', { method: 'POST', silent: true });
      } catch {
        // Signing out locally still matters when the server is unreachable.
      }
      session.reset();
      return wasSignedIn ? '/login' : loginPathWithReturn(currentPath());
    },
    async checkAuth() {
      const user = await session.ensure().catch(() => undefined);
      // A failed check that is not a 401 keeps the user on the page, which shows the failure text.
      if (user === null) throw { redirectTo: loginPathWithReturn(currentPath()), message: false };
    },
    async checkError(error) {
      const status = error?.status;
      if (status === 401) {
        session.reset();
        throw { redirectTo: loginPathWithReturn(currentPath()), message: false };
      }
      if (status === 403) throw { logoutUser: false, redirectTo: '/403', message: false };
    },
    async getIdentity() {
      const user = await session.ensure();
      if (!user) throw new Error('Not signed in');
      return {
        id: user.id,
        fullName: user.fullName || user.email,
        email: user.email,
        avatar: user.profilePhotoGuid ? profilePhotoUrl(user.id, user.profilePhotoGuid) : undefined,
      };
    },
    async getPermissions() {
      const user = await session.ensure().catch(() => null);
      return user?.roleNames ?? [];
    },
    /**
     * The admin area replaces this with the resource definitions' rule (`withDefinitionAccess`).
     * The role table is built from the resource registry and its zod schemas, which the public
     * pages never need: it loads on the first question, not with the sign-in page.
     */
    async canAccess({ resource }) {
      const [user, { canAccess }] = await Promise.all([
        session.ensure().catch(() => null),
        import('../../contract/access'),
      ]);
      return canAccess(user?.roleNames, resource);
    },
  };
}
