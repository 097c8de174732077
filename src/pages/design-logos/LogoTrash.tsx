import { Box } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { TrashedDesignLogo } from '../../../contract/design-logos';
import { TrashTable } from '../../admin/engine/TrashTable';
import { changeTrashedLogos, useTrashedLogos } from './api';

/**
 * The organization's deleted logos (an athletic director's own, an Admin's chosen one), with
 * Restore and Delete forever for one or the selected; the server keeps another organization's
 * out of reach.
 */
export function LogoTrash({ organizationId }: { organizationId: number }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { data: logos, isPending } = useTrashedLogos(organizationId, true);
  const columns = [
    {
      key: 'picture',
      header: translate('app.trash.picture'),
      cell: (logo: TrashedDesignLogo) => (
        <Box
          component="img"
          src={logo.fileUrl}
          alt={logo.fileName}
          sx={{ width: 64, height: 64, objectFit: 'contain', bgcolor: 'grey.100', display: 'block' }}
        />
      ),
    },
    {
      key: 'fileName',
      header: translate('app.trash.fileName'),
      cell: (logo: TrashedDesignLogo) => logo.fileName,
    },
  ];
  return (
    <TrashTable
      rows={logos}
      isPending={isPending}
      columns={columns}
      titleOf={(logo) => logo.fileName}
      change={(kind, ids) => changeTrashedLogos(kind === 'restore' ? 'restore-many' : 'purge-many', ids)}
      settle={() => queryClient.invalidateQueries({ queryKey: ['design-logos', organizationId] })}
      rowTestId="trashed-design-logo"
    />
  );
}
