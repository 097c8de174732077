import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { LoginResult } from '../../contract/account';
import type { Passkey } from '../../contract/passkeys';
import { http } from '../providers';

const base = '/api/account/passkeys';

/**
 * The passkey client, loaded on the first ceremony: the sign-in page shows without it, and a
 * browser without passkeys never loads it.
 */
let client: Promise<typeof import('@simplewebauthn/browser')> | undefined;
const passkeyClient = () => (client ??= import('@simplewebauthn/browser'));

/** What @simplewebauthn/browser's `browserSupportsWebAuthn` asks, without loading it. */
export const browserSupportsPasskeys = () => typeof globalThis.PublicKeyCredential === 'function';

/** Whether the browser offers passkeys among a field's suggestions (conditional mediation). */
export const browserSupportsPasskeyAutofill = async () =>
  browserSupportsPasskeys() && (await PublicKeyCredential.isConditionalMediationAvailable?.()) === true;

/**
 * The browser's own answers when the person closes its passkey prompt or no passkey fits:
 * nothing to show, they chose not to.
 */
export const wasCancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/** Asks the authenticator for a new passkey and stores it under the name given. */
export async function registerPasskey(name: string) {
  const options = await http<{ result: PublicKeyCredentialCreationOptionsJSON }>(
    `${base}/registration-options`,
    { method: 'POST' },
  );
  const { startRegistration } = await passkeyClient();
  const response = await startRegistration({ optionsJSON: options.result });
  return http<{ result: Passkey }>(base, { method: 'POST', body: { name, response }, silent: true });
}

/**
 * Signs in with a passkey. `autofill` waits for the person to pick one in the e-mail field's
 * suggestions (conditional mediation) instead of opening the browser's prompt; a new ceremony
 * cancels one still waiting.
 */
export async function signInWithPasskey(options: { autofill?: boolean; rememberMe?: boolean } = {}) {
  const challenge = await http<{ result: PublicKeyCredentialRequestOptionsJSON }>(`${base}/login-options`, {
    method: 'POST',
    silent: true,
  });
  const { startAuthentication } = await passkeyClient();
  const response = await startAuthentication({
    optionsJSON: challenge.result,
    useBrowserAutofill: options.autofill ?? false,
  });
  const answer = await http<{ result: LoginResult }>(`${base}/login`, {
    method: 'POST',
    body: { response, rememberMe: options.rememberMe ?? false },
    silent: true,
  });
  return answer.result;
}

/** Removes a passkey, confirmed with another of the user's passkeys. */
export async function removeWithOtherPasskey(id: number) {
  const options = await http<{ result: PublicKeyCredentialRequestOptionsJSON }>(
    `${base}/${id}/confirm-options`,
    { method: 'POST', silent: true },
  );
  const { startAuthentication } = await passkeyClient();
  const passkey = await startAuthentication({ optionsJSON: options.result });
  await http(`${base}/${id}`, { method: 'DELETE', body: { passkey }, silent: true });
}

/** Cancels a ceremony under way; none can be before the client has loaded. */
export const cancelPasskeyPrompt = () =>
  void client?.then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
