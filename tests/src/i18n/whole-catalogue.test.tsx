import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { appMessages } from '../../../src/i18n/en';

describe('the whole catalogue, past the sign-in page', () => {
  it('is waited for behind the Suspense fallback, never drawn as missing texts', async () => {
    // A second instance of the module, as a browser has it on `/login`: the shell's texts only.
    const locale = (await import(
      // @ts-expect-error -- TypeScript does not resolve the query, which names a second instance
      '../../../src/i18n/locale?first-visit'
    )) as typeof import('../../../src/i18n/locale');
    const drawn: string[] = [];
    function Loading() {
      const text = locale.useShellMessages().layout.loading;
      drawn.push(text);
      return <p>{text}</p>;
    }
    function Dashboard() {
      const text = locale.useAppMessages().dashboard.title;
      drawn.push(text);
      return <h1>{text}</h1>;
    }
    await act(async () => {
      render(
        <Suspense fallback={<Loading />}>
          <Dashboard />
        </Suspense>,
      );
    });
    expect(await screen.findByRole('heading', { name: appMessages.dashboard.title })).toBeInTheDocument();
    expect(drawn).toEqual([appMessages.layout.loading, appMessages.dashboard.title]);
  });
});
