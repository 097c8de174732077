import { describe, expect, it } from 'vitest';
import { loginPathWithReturn, needsFullNavigation, safeReturnUrl } from '../../contract/returnUrl';

describe('safeReturnUrl', () => {
  it('defaults to /admin', () => {
    expect(safeReturnUrl(null)).toBe('/admin');
    expect(safeReturnUrl('')).toBe('/admin');
  });

  it('keeps same-origin relative paths with their query', () => {
    expect(safeReturnUrl('/admin/users?page=2')).toBe('/admin/users?page=2');
    expect(safeReturnUrl('/api/account/ExternalLogin?provider=oidc')).toBe(
      '/api/account/ExternalLogin?provider=oidc',
    );
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'evil.example/admin',
    '/admin\n//evil.example',
  ])('ignores %j in favour of /admin', (value) => {
    expect(safeReturnUrl(value)).toBe('/admin');
  });
});

describe('needsFullNavigation', () => {
  it('is true only for /api paths', () => {
    expect(needsFullNavigation('/api/account/ExternalLogin')).toBe(true);
    expect(needsFullNavigation('/apiary')).toBe(false);
    expect(needsFullNavigation('/admin')).toBe(false);
  });
});

describe('loginPathWithReturn', () => {
  it('carries the protected page as returnUrl', () => {
    expect(loginPathWithReturn('/admin/users?page=2')).toBe('/login?returnUrl=%2Fadmin%2Fusers%3Fpage%3D2');
  });

  it('adds no returnUrl for the entry page or the login pages themselves', () => {
    expect(loginPathWithReturn('/')).toBe('/login');
    expect(loginPathWithReturn('/login?returnUrl=x')).toBe('/login');
  });
});
