import type { ValidationFailure } from '../contract/common';

/** An error a route or service throws to answer with a status and the spec's body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly validationFailures?: ValidationFailure[],
  ) {
    super(message);
  }
}

/** Work the server bounds process-wide is at its limit: a 503 telling when to try again. */
export class ServerBusy extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 5,
  ) {
    super(503, message);
  }
}

export const badRequest = (propertyName: string, errorMessage: string) =>
  new HttpError(400, errorMessage, [{ propertyName, errorMessage }]);

export const unauthorized = () => new HttpError(401, 'You need to login to view this page');
export const forbidden = () => new HttpError(403, 'You are not authorized to do this.');
export const methodNotAllowed = () => new HttpError(405, 'This method is not allowed here.');
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);

/**
 * A write against a version that is no longer current: 409 in the spec's error shape (one
 * failure with an empty property name) and the record as it now is under `result.current`.
 */
export class VersionConflict extends HttpError {
  constructor(
    message: string,
    readonly current: Record<string, unknown>,
  ) {
    super(409, message, [{ propertyName: '', errorMessage: message }]);
  }
}
