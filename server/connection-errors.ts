/** Error codes of a connection that could not be made or was lost: the other side is away. */
export const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
