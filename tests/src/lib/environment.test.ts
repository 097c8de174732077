import { describe, expect, it } from 'vitest';
import { environmentFromCookies } from '../../../src/lib/environment';

describe('environment banner cookie', () => {
  it('reads the environment cookie among others', () => {
    expect(environmentFromCookies('a=1; environment=Staging; b=2')).toBe('Staging');
    expect(environmentFromCookies('environment=QA%20two')).toBe('QA two');
  });

  it('shows nothing without the cookie, with an empty one, or in production', () => {
    expect(environmentFromCookies('')).toBeNull();
    expect(environmentFromCookies('myenvironment=Staging')).toBeNull();
    expect(environmentFromCookies('environment=')).toBeNull();
    expect(environmentFromCookies('environment=Production')).toBeNull();
    expect(environmentFromCookies('environment=%E0%A4%A')).toBeNull();
  });
});
