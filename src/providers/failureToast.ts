import { useNotify } from 'ra-core';
import { useCallback } from 'react';
// Through the providers' index, which the sign-in page loads anyway: a second importer of the
// http client's module would make the bundler split it into a chunk of its own.
import { isAbort, wasToasted } from '.';

/**
 * The one toast of a failed call the http client left to its caller (a delete or lock refused
 * with a field's validation failure): its message, once. Failures the client already toasted,
 * cancelled requests, and form errors shown beside their fields are not toasted again.
 */
export function useFailureToast() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, { formErrorsShown = false } = {}) => {
      if (isAbort(error) || wasToasted(error)) return;
      const fieldErrors = (error as { body?: { errors?: object } })?.body?.errors;
      if (formErrorsShown && fieldErrors && Object.keys(fieldErrors).length > 0) return;
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    },
    [notify],
  );
}
