import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  documentTitleOf,
  portalName,
  useDefaultDocumentTitle,
  useDocumentTitle,
} from '../../../src/layout/PortalBrand';

afterEach(() => {
  document.head.querySelector('meta[name="application-name"]')?.remove();
  vi.resetModules();
});

describe('the portal name and the page titles', () => {
  it("is 'Spirit Portal' where index.html names no other", () => {
    expect(portalName).toBe('Spirit Portal');
    expect(documentTitleOf('Accounts')).toBe('Accounts · Spirit Portal');
    expect(documentTitleOf()).toBe('Spirit Portal');
  });

  it('takes the name the server wrote into the application-name meta tag (PORTAL_NAME)', async () => {
    const meta = document.createElement('meta');
    meta.name = 'application-name';
    meta.content = 'Lincoln Spirit Shop';
    document.head.append(meta);
    const fresh = await import('../../../src/layout/PortalBrand');
    expect(fresh.portalName).toBe('Lincoln Spirit Shop');
    expect(fresh.documentTitleOf('Sign in')).toBe('Sign in · Lincoln Spirit Shop');
  });

  it("lets a page's own title win over the one its layout gives every page", async () => {
    function Layout({ children }: { children: ReactNode }) {
      useDefaultDocumentTitle('Accounts');
      return <>{children}</>;
    }
    function CreatePage() {
      useDocumentTitle('Create User');
      return null;
    }
    render(<Layout>{null}</Layout>);
    await waitFor(() => expect(document.title).toBe('Accounts · Spirit Portal'));
    // Mounted together, as a route change mounts them: the layout's effect must not run last.
    render(
      <Layout>
        <CreatePage />
      </Layout>,
    );
    await waitFor(() => expect(document.title).toBe('Create User · Spirit Portal'));
  });
});
