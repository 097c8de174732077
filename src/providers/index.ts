import { loginPathWithReturn } from '../lib/returnUrl';
import { createAuthProvider } from './authProvider';
import { createHttpClient, type NotifyType } from './httpClient';
import { createSession } from './session';

/**
 * The app's providers, made once and shared by the public pages, the account area and
 * react-admin, so they agree on the signed-in user and the query cache.
 */
type Navigate = (to: string) => void;
const bridge: { notify?: (message: string, type: NotifyType) => void; navigate?: Navigate } = {};

/** Components inside the router register how to toast and navigate for code outside React. */
export const registerBridge = (notify: typeof bridge.notify, navigate: Navigate) => {
  bridge.notify = notify;
  bridge.navigate = navigate;
};

const navigate = (to: string) => (bridge.navigate ? bridge.navigate(to) : window.location.assign(to));

export const http = createHttpClient({
  notify: (message, type) => bridge.notify?.(message, type),
  onUnauthorized: () => {
    session.reset();
    navigate(loginPathWithReturn(`${window.location.pathname}${window.location.search}`));
  },
  onForbidden: () => navigate('/403'),
});

export const session = createSession(http);
export const authProvider = createAuthProvider(http, session);
