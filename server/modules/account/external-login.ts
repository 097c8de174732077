import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { safeReturnUrl } from '../../../contract/returnUrl';
import { isRememberedMachine } from '../../auth/trusted-machines';
import { badRequest } from '../../errors';
import { publicBaseUrl } from '../../mail';
import { findUserByEmail, isLockedOut } from './service';
import { startSession } from './sign-in';

/** The one provider the portal knows; `GET account/ExternalLogin?provider=oidc`. */
const externalProvider = 'oidc';
export const externalLoginNotConfigured = 'External sign-in is not configured on this portal.';
const unknownProvider = 'Unknown sign-in provider.';

/** Why the callback sent the user back to /login; the login page maps each to a fixed text. */
export type ExternalLoginError = 'remote' | 'failed' | 'notLinked';

const flowCookie = 'sp_external';
const callbackPath = '/api/account/ExternalLoginCallback';
const flowMinutes = 10;

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  returnUrl: string;
}

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/** Discovery is fetched once per process and retried after a failure. */
let discovered: { key: string; config: Promise<client.Configuration> } | undefined;

function providerConfig(app: FastifyInstance) {
  const oidc = app.config.oidc;
  if (!oidc) throw badRequest('provider', externalLoginNotConfigured);
  const key = `${oidc.issuer} ${oidc.clientId}`;
  if (discovered?.key !== key) {
    const issuer = new URL(oidc.issuer);
    // Plain http only for a provider on this machine (development and tests).
    const options =
      issuer.protocol === 'http:' && isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : {};
    const config = client.discovery(issuer, oidc.clientId, oidc.clientSecret, undefined, options);
    config.catch(() => {
      discovered = undefined;
    });
    discovered = { key, config };
  }
  return discovered.config;
}

/**
 * Fetches the provider's discovery document once at start, so an unreachable or mistyped
 * OIDC_ISSUER shows in the log at once rather than as a 503 when someone presses the button.
 * Not fatal: password sign-in does not need the provider, and the fetch is retried on use.
 */
export async function checkExternalProvider(app: FastifyInstance) {
  if (!app.config.oidc) return;
  const { issuer } = app.config.oidc;
  try {
    await providerConfig(app);
    app.log.info(`OIDC_ISSUER: found the provider at ${issuer}`);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    app.log.error(
      `OIDC_ISSUER: the provider at ${issuer} cannot be reached (${reason}); external sign-in answers 503 until it can; check OIDC_ISSUER and that this server can reach it`,
    );
  }
}

export const externalProviders = (app: FastifyInstance) =>
  app.config.oidc ? [{ name: externalProvider, displayName: app.config.oidc.displayName }] : [];

const redirectUri = (app: FastifyInstance) => `${publicBaseUrl(app.config)}${callbackPath}`;

/** Starts the authorization code flow with PKCE, state and nonce kept in a short-lived HttpOnly cookie. */
export async function startExternalLogin(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  query: { provider: string; returnUrl?: string },
) {
  if (!app.config.oidc) throw badRequest('provider', externalLoginNotConfigured);
  if (query.provider !== externalProvider) throw badRequest('provider', unknownProvider);
  const config = await providerConfig(app);
  const flow: Flow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    returnUrl: safeReturnUrl(query.returnUrl),
  };
  reply.setCookie(flowCookie, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
    path: callbackPath,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: flowMinutes * 60,
  });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(app),
    scope: 'openid email profile',
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
  });
  return reply.redirect(url.href);
}

function readFlow(request: FastifyRequest): Flow | null {
  const raw = request.cookies[flowCookie];
  if (!raw) return null;
  try {
    const flow = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Flow;
    return typeof flow.state === 'string' && typeof flow.verifier === 'string' ? flow : null;
  } catch {
    return null;
  }
}

const backToLogin = (error: ExternalLoginError) => `/login?externalError=${error}`;

/**
 * The provider's answer: the code is exchanged (state, nonce and PKCE checked), and the
 * account whose e-mail matches the provider's verified e-mail is signed in. Nobody is
 * created here: an Admin creates accounts. A 2FA user still takes the second step.
 */
export async function finishExternalLogin(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const flow = readFlow(request);
  reply.clearCookie(flowCookie, { path: callbackPath });
  const query = request.query as Record<string, string | undefined>;
  if (query.remoteError || query.error) return backToLogin('remote');
  if (!flow || !app.config.oidc) return backToLogin('failed');
  let email: string | undefined;
  try {
    const config = await providerConfig(app);
    const currentUrl = new URL(redirectUri(app));
    for (const name of ['code', 'state', 'iss', 'session_state']) {
      if (query[name] !== undefined) currentUrl.searchParams.set(name, query[name] as string);
    }
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) return backToLogin('failed');
    // Providers that keep the ID token small put the e-mail only in the UserInfo answer.
    const claims =
      typeof idToken.email === 'string'
        ? idToken
        : await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
    if (claims.email_verified === true && typeof claims.email === 'string') email = claims.email;
  } catch (error) {
    request.log.warn({ err: error }, 'external sign-in failed');
    return backToLogin('failed');
  }
  const user = email ? await findUserByEmail(app.db, email) : undefined;
  if (!user || isLockedOut(user)) return backToLogin('notLinked');
  const secondStep = user.twoFactorEnabled && !(await isRememberedMachine(app.db, request, user));
  await startSession(app, request, reply, user.id, secondStep ? 'twoFactor' : 'full', false);
  const returnUrl = safeReturnUrl(flow.returnUrl);
  return secondStep
    ? `/login/two-factor-authentication?returnUrl=${encodeURIComponent(returnUrl)}`
    : returnUrl;
}
