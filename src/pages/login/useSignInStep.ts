import { useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import type { LoginResult } from '../../../contract/account';
import { needsFullNavigation, safeReturnUrl } from '../../../contract/returnUrl';
import { wasCancelled } from '../../lib/passkeys';
import { http, session } from '../../providers';

/**
 * The second step of sign-in, shared by the authenticator and recovery-code pages: posts
 * the code (or asks for a passkey), and on success loads the user and goes to the safe return URL. A 401 means the
 * five-minute half-signed-in state has lapsed.
 */
export function useSignInStep(url: string, failedText: string) {
  const [, navigate] = useLocation();
  const [searchParams] = useSearchParams();
  const returnUrl = safeReturnUrl(searchParams.get('returnUrl'));
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = (body: object) =>
    complete(() =>
      http<{ result: LoginResult }>(url, { method: 'POST', body, silent: true }).then(
        (answer) => answer.result,
      ),
    );

  /** Any second step: the code posted above, or a passkey of the account. */
  async function complete(step: () => Promise<LoginResult>) {
    setError(null);
    setSubmitting(true);
    try {
      const result = await step();
      if (result.status !== 'Succeeded') {
        setError(result.message ?? failedText);
        setSubmitting(false);
        return;
      }
      session.reset();
      await session.refresh();
      if (needsFullNavigation(returnUrl)) window.location.assign(returnUrl);
      else navigate(returnUrl, { replace: true });
    } catch (caught) {
      const status = (caught as { status?: number }).status;
      if (wasCancelled(caught)) setError(null);
      else if (status === 401) setExpired(true);
      else {
        const failures = (caught as { body?: { validationFailures?: { errorMessage: string }[] } }).body
          ?.validationFailures;
        setError(failures?.[0]?.errorMessage ?? (caught instanceof Error ? caught.message : failedText));
      }
      setSubmitting(false);
    }
  }

  const query = searchParams.get('returnUrl') ? `?returnUrl=${encodeURIComponent(returnUrl)}` : '';
  return { submit, complete, error, expired, submitting, query };
}
