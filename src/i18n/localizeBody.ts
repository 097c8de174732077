interface MessageBody {
  message?: unknown;
  result?: unknown;
  validationFailures?: unknown;
}

/**
 * A response body with the messages the server wrote in it translated: the 400's
 * `validationFailures[].errorMessage`, an error's `message`, a refused sign-in's
 * `result.message`. Everything else, the records included, is left as it came.
 */
export function localizeBody<T extends MessageBody>(body: T, localize: (english: string) => string): T {
  const localized: MessageBody = { ...body };
  if (Array.isArray(body.validationFailures)) {
    localized.validationFailures = body.validationFailures.map((failure: { errorMessage?: unknown }) =>
      typeof failure?.errorMessage === 'string'
        ? { ...failure, errorMessage: localize(failure.errorMessage) }
        : failure,
    );
  }
  if (typeof body.message === 'string') localized.message = localize(body.message);
  const result = body.result as { status?: unknown; message?: unknown } | null | undefined;
  if (result?.status === 'Failed' && typeof result.message === 'string')
    localized.result = { ...result, message: localize(result.message) };
  return localized as T;
}
