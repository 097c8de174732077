/**
 * How a server message writes a time (a stale save's 409: 'changed this setting at 2026-11-25
 * 06:41 UTC'): to the minute in UTC, the same for every client whatever the server's time zone.
 * The app reads it back and shows it in the reader's zone and language.
 */
export const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const utcMinutePattern = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC$/;

/** The time a `utcMinute` text stands for, else undefined. */
export function fromUtcMinute(text: string): Date | undefined {
  const match = utcMinutePattern.exec(text);
  return match ? new Date(`${match[1]}T${match[2]}:00Z`) : undefined;
}

/**
 * A message with each `utcMinute` time in it shown by `time`: what English needs of the
 * translator, without loading it (the sign-in page's budget).
 */
export const withLocalTimes = (message: string, time: (at: Date) => string) =>
  message.replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/g, (text) => {
    const at = fromUtcMinute(text);
    return at ? time(at) : text;
  });
