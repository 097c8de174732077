import { describe, expect, it } from 'vitest';
import { canAccess, homePathFor } from '../../contract/access';

describe('canAccess', () => {
  it('gives an Admin every area', () => {
    for (const area of [
      'dashboard',
      'users',
      'settings',
      'promo-codes',
      'email-template',
      'brands',
      'orders',
    ]) {
      expect(canAccess(['Admin'], area)).toBe(true);
    }
  });

  it('keeps an AthleticDirector out of the users section and the admin-only tables', () => {
    expect(canAccess(['AthleticDirector'], 'users')).toBe(false);
    expect(canAccess(['AthleticDirector'], 'settings')).toBe(false);
    expect(canAccess(['AthleticDirector'], 'design-logos')).toBe(true);
    expect(canAccess(['AthleticDirector'], 'merchandise')).toBe(true);
    expect(canAccess(['AthleticDirector'], 'base-apparel')).toBe(false);
    expect(canAccess(['Admin'], 'base-apparel')).toBe(true);
  });

  it('accepts any one of several roles and refuses unknown areas and missing users', () => {
    expect(canAccess(['AthleticDirector', 'Admin'], 'users')).toBe(true);
    expect(canAccess(['Admin'], 'no-such-area')).toBe(false);
    expect(canAccess(undefined, 'dashboard')).toBe(false);
  });
});

describe('homePathFor', () => {
  it('sends Admin to /admin/dashboard and AthleticDirector to /admin/design-logos', () => {
    expect(homePathFor(['Admin'])).toBe('/admin/dashboard');
    expect(homePathFor(['AthleticDirector'])).toBe('/admin/design-logos');
    expect(homePathFor([])).toBe('/403');
  });
});
