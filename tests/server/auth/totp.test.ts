import { describe, expect, it } from 'vitest';
import {
  authenticatorUri,
  formatKey,
  matchingStep,
  newAuthenticatorKey,
  totpCodeAt,
} from '../../../server/auth/totp';
import {
  newRecoveryCode,
  normalizeRecoveryCode,
  recoveryCodeCount,
} from '../../../server/auth/recovery-codes';

/** RFC 6238 appendix B's SHA-1 secret ("12345678901234567890") in base32. */
const rfcKey = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('matches the RFC test vector at T=%i with SHA-1, six digits, 30-second steps', async (time, code) => {
    expect(await totpCodeAt(rfcKey, time)).toBe(code);
  });

  it('makes 160-bit keys: 32 base32 characters, shown lowercase in groups of four', () => {
    const key = newAuthenticatorKey();
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(newAuthenticatorKey()).not.toBe(key);
    expect(formatKey(rfcKey)).toBe('gezd gnbv gy3t qojq gezd gnbv gy3t qojq');
  });

  it('accepts one step of drift either side and answers the matched step', async () => {
    const now = Math.floor(Date.now() / 1000);
    const step = Math.floor(now / 30);
    expect(await matchingStep(rfcKey, await totpCodeAt(rfcKey, now), null)).toBe(step);
    expect(await matchingStep(rfcKey, await totpCodeAt(rfcKey, now - 30), null)).toBe(step - 1);
    expect(await matchingStep(rfcKey, await totpCodeAt(rfcKey, now + 30), null)).toBe(step + 1);
    expect(await matchingStep(rfcKey, await totpCodeAt(rfcKey, now - 60), null)).toBeNull();
  });

  it('refuses the last accepted step and any before it', async () => {
    const now = Math.floor(Date.now() / 1000);
    const step = Math.floor(now / 30);
    const code = await totpCodeAt(rfcKey, now);
    expect(await matchingStep(rfcKey, code, step)).toBeNull();
    expect(await matchingStep(rfcKey, code, step - 1)).toBe(step);
  });

  it('ignores spaces in a typed code and refuses anything but six digits', async () => {
    const now = Math.floor(Date.now() / 1000);
    const code = await totpCodeAt(rfcKey, now);
    expect(await matchingStep(rfcKey, `${code.slice(0, 3)} ${code.slice(3)}`, null)).not.toBeNull();
    expect(await matchingStep(rfcKey, `${code}0`, null)).toBeNull();
    expect(await matchingStep(rfcKey, 'abcdef', null)).toBeNull();
  });

  it('names the portal and the account in the otpauth URI', () => {
    expect(authenticatorUri('dana@example.com', rfcKey)).toBe(
      `otpauth://totp/Spirit%20Portal:dana%40example.com?secret=${rfcKey}&issuer=Spirit%20Portal`,
    );
  });
});

describe('recovery codes', () => {
  it(`are ${recoveryCodeCount}, shaped xxxxx-xxxxx from an alphabet without 0/o, 1/l/i`, () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(recoveryCodeCount).toBe(10);
  });

  it('are read back whatever the case or surrounding blanks', () => {
    expect(normalizeRecoveryCode(' ABCDE-FGHJK ')).toBe('abcde-fghjk');
  });
});
