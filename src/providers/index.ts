import { loginPathWithReturn } from '../../contract/returnUrl';
import { createAuthProvider } from './authProvider';
import { createHttpClient, type NotifyType } from './httpClient';
import { createSession } from './session';

/**
 * The app's providers, made once and shared by the public pages, the account area and
 * react-admin, so they agree on the signed-in user and the query cache.
 */
type Navigate = (to: string) => void;
type Notify = (message: string, type: NotifyType) => void;
const bridge: { notify?: Notify; navigate?: Navigate } = {};
/**
 * Toasts for the page a 401 or 403 sends the user to: raised before the navigation, they would
 * go to the notification queue of the page being left, which unmounts and drops them.
 */
let afterNavigation: { message: string; type: NotifyType }[] = [];

/**
 * Components inside the router register how to toast and navigate for code outside React;
 * the returned function unregisters them when they unmount.
 */
export const registerBridge = (notify: Notify, navigate: Navigate) => {
  bridge.notify = notify;
  bridge.navigate = navigate;
  return () => {
    if (bridge.notify === notify) bridge.notify = undefined;
    if (bridge.navigate === navigate) bridge.navigate = undefined;
  };
};

/** Called by the Bridge once a navigation has landed: the waiting toasts show on the new page. */
export const deliverToastsAfterNavigation = () => {
  if (!bridge.notify || afterNavigation.length === 0) return;
  const waiting = afterNavigation;
  afterNavigation = [];
  for (const { message, type } of waiting) bridge.notify(message, type);
};

/** With the router of the half on screen; before one has mounted, by loading the page. */
export const navigate = (to: string) => (bridge.navigate ? bridge.navigate(to) : window.location.assign(to));

export { isAbort, wasToasted } from './httpClient';

export const http = createHttpClient({
  notify: (message, type, options) => {
    if (options?.afterNavigation) afterNavigation.push({ message, type });
    else bridge.notify?.(message, type);
  },
  onUnauthorized: () => {
    session.reset();
    navigate(loginPathWithReturn(`${window.location.pathname}${window.location.search}`));
  },
  onForbidden: () => navigate('/403'),
});

export const session = createSession(http);
export const authProvider = createAuthProvider(http, session);
