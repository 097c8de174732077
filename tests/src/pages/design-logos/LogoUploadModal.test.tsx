import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext, Notification } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appMessages } from '../../../../src/i18n/en';
import { LogoUploadModal, uploadModalAutoCloseMs } from '../../../../src/pages/design-logos/LogoUploadModal';
import { i18nProvider } from '../../../../src/providers/i18nProvider';

// jsdom's XMLHttpRequest drops a file's name on the way to msw, so the handler checks presence only.
const uploads: { organizationId: string | null; hasFile: boolean }[] = [];
let refuseNext = false;
const server = setupServer(
  http.post('*/api/design-logos', async ({ request }) => {
    const form = await request.formData();
    const file = form.get('ImageFile') as File | null;
    uploads.push({
      organizationId: new URL(request.url).searchParams.get('OrganizationId'),
      hasFile: file !== null,
    });
    if (refuseNext) {
      return HttpResponse.json(
        {
          result: null,
          validationFailures: [
            { propertyName: 'ImageFile', errorMessage: 'The file is not a valid SVG image' },
          ],
        },
        { status: 400 },
      );
    }
    return HttpResponse.json({
      result: {
        id: 9,
        organizationId: 3,
        fileName: 'crest.png',
        fileUrl: '/api/design-logos/9/file',
        contentType: 'image/png',
      },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  uploads.length = 0;
  refuseNext = false;
  vi.useRealTimers();
});
afterAll(() => server.close());

function renderModal(onClose = vi.fn(), onUploaded = vi.fn()) {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <LogoUploadModal open organizationId={3} onClose={onClose} onUploaded={onUploaded} />
      <Notification />
    </AdminContext>,
  );
  return { onClose, onUploaded };
}

const png = (name = 'crest.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('logo upload modal', () => {
  it('states png or svg and 20 MB in its label', () => {
    renderModal();
    expect(screen.getByText(appMessages.designLogos.fileLabel)).toHaveTextContent(/png or svg, 20 MB/);
  });

  it(`uploads to the organization, toasts '${appMessages.designLogos.uploaded}' and closes by itself 5 seconds later`, async () => {
    const { onClose, onUploaded } = renderModal();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText(appMessages.designLogos.fileLabel), png());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getAllByRole('button', { name: appMessages.designLogos.addLogo }).at(-1)!);
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ id: 9 })));
    expect(uploads).toEqual([{ organizationId: '3', hasFile: true }]);
    expect(
      (await screen.findAllByText(appMessages.designLogos.uploaded, { exact: false })).length,
    ).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(uploadModalAutoCloseMs - 100));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s reason when it refuses the file, and stays open', async () => {
    refuseNext = true;
    const { onClose } = renderModal();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText(appMessages.designLogos.fileLabel), png('page.png'));
    await user.click(screen.getAllByRole('button', { name: appMessages.designLogos.addLogo }).at(-1)!);
    expect(await screen.findByText('The file is not a valid SVG image')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for a png or svg before sending anything else', async () => {
    renderModal();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      screen.getByLabelText(appMessages.designLogos.fileLabel),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    await user.click(screen.getAllByRole('button', { name: appMessages.designLogos.addLogo }).at(-1)!);
    expect(await screen.findByText(appMessages.designLogos.wrongType)).toBeInTheDocument();
    expect(uploads).toEqual([]);
  });
});
