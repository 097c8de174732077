import AddIcon from '@mui/icons-material/Add';
import TuneIcon from '@mui/icons-material/Tune';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardMedia,
  Grid,
  Skeleton,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import {
  clampPlacement,
  defaultPlacement,
  printDpi,
  printQuality,
  type Size,
} from '../../../contract/composition';
import { type DesignLogo, isVectorLogo } from '../../../contract/design-logos';
import type { BaseApparel } from '../../../contract/merchandise';
import { useAppMessages } from '../../i18n/locale';
import { formatCurrency } from '../../lib/currency';
import { useDesignLogos } from '../design-logos/api';
import { LogoGallery } from '../design-logos/LogoGallery';
import { LogoUploadModal } from '../design-logos/LogoUploadModal';
import { UploadError } from '../design-logos/upload';
import {
  baseApparelQueryKey,
  createMerchandise,
  type MerchandiseBody,
  merchandiseQueryKey,
  useBaseApparel,
  useMerchandise,
  useOrganizationGuid,
} from './api';
import { composeProductImage } from './compose';
import { useHiddenApparel } from './hiddenApparel';
import { useImageSize } from './imageSize';
import { ProductCard } from './ProductCard';
import { Studio, type StudioProduct } from './Studio';
import { useSeededName } from '../../i18n/seededName';

export type CreateBlock = { key: 'noLogo' } | { key: 'exists' } | { key: 'dpiTooLow'; dpi: number };

/**
 * Why the one-click Create is disabled for this apparel, or null when it may be pressed. The
 * print resolution is judged once both images' sizes are known (the server checks it anyway).
 */
export function createBlockedReason(
  logo: DesignLogo | null,
  apparel: BaseApparel,
  sizes: { apparel: Size | null; logo: Size | null } = { apparel: null, logo: null },
): CreateBlock | null {
  if (!logo) return { key: 'noLogo' };
  if (apparel.usedLogoIds.includes(logo.id)) return { key: 'exists' };
  if (!sizes.apparel || !sizes.logo) return null;
  const area = apparel.printAreas.front;
  const placement = clampPlacement(
    defaultPlacement(sizes.apparel, sizes.logo),
    sizes.apparel,
    sizes.logo,
    area,
  );
  const dpi = printDpi(placement, sizes.apparel, sizes.logo, area);
  if (printQuality(dpi, isVectorLogo(logo.contentType)) === 'tooLow') return { key: 'dpiTooLow', dpi };
  return null;
}

const selectLogoFirstId = 'select-logo-first';

interface ApparelCardProps {
  apparel: BaseApparel;
  logo: DesignLogo | null;
  logoSize: Size | null;
  busy: boolean;
  onHide: () => void;
  onCreate: () => void;
  onCustomize: () => void;
}

function ApparelCard({ apparel, logo, logoSize, busy, onHide, onCreate, onCustomize }: ApparelCardProps) {
  const translate = useTranslate();
  const title = useSeededName()(apparel.title);
  const apparelSize = useImageSize(apparel.media[0]?.imageUrl);
  const blocked = createBlockedReason(logo, apparel, { apparel: apparelSize, logo: logoSize });
  const reason = blocked
    ? translate(`app.merchandise.${blocked.key}`, 'dpi' in blocked ? { dpi: blocked.dpi } : {})
    : '';
  // Written on the card, where a disabled button's hover tooltip reached neither the keyboard
  // nor a screen reader. 'No logo selected' is the page's own line above the cards, which
  // Customize points at too.
  const reasonId = blocked?.key === 'noLogo' ? selectLogoFirstId : `create-blocked-${apparel.id}`;
  return (
    <Card
      variant="outlined"
      data-testid="base-apparel"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardMedia
        component="img"
        image={apparel.media[0]?.imageUrl}
        alt={title}
        sx={{ height: 200, objectFit: 'contain', bgcolor: 'common.white' }}
      />
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="subtitle1" component="h3">
          {title}
        </Typography>
        {apparel.brand && (
          <Typography variant="caption" color="text.secondary">
            {apparel.brand}
          </Typography>
        )}
        <Typography variant="body2">{formatCurrency(apparel.price)}</Typography>
        {blocked && blocked.key !== 'noLogo' && (
          <Typography id={reasonId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {reason}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          startIcon={<VisibilityOffIcon />}
          onClick={onHide}
          aria-label={`${translate('app.merchandise.hide')} ${title}`}
        >
          {translate('app.merchandise.hide')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<TuneIcon />}
          disabled={!logo || busy}
          onClick={onCustomize}
          aria-label={`${translate('app.merchandise.customize')} ${title}`}
          aria-describedby={logo ? undefined : selectLogoFirstId}
        >
          {translate('app.merchandise.customize')}
        </Button>
        <Button
          size="small"
          variant="contained"
          disabled={blocked !== null || busy}
          onClick={onCreate}
          aria-label={`${translate('app.merchandise.create')} ${title}`}
          aria-describedby={blocked ? reasonId : undefined}
        >
          {translate(busy ? 'app.merchandise.composing' : 'app.merchandise.create')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** `/admin/merchandise/create`: put a logo on a base apparel item to make a product. */
export function CreateMerchandisePage() {
  const appMessages = useAppMessages();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { organizationId, organizationGuid } = useOrganizationGuid();
  const { data: logos, isPending: logosPending } = useDesignLogos(organizationId);
  const { data: apparel, isPending: apparelPending } = useBaseApparel(organizationId);
  const { data: merchandise, refetch } = useMerchandise(organizationGuid);
  const { hidden, hide, unhideAll } = useHiddenApparel();
  const [selectedLogoId, setSelectedLogoId] = useState<number | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [busyApparelId, setBusyApparelId] = useState<number | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedLogo = logos?.find((logo) => logo.id === selectedLogoId) ?? null;
  const selectedLogoSize = useImageSize(selectedLogo?.fileUrl);

  if (organizationId === null) {
    return (
      <Box sx={{ mt: 2 }}>
        <Title title={translate('app.merchandise.createTitle')} />
        <Alert severity="info">{translate('app.designLogos.selectOrganization')}</Alert>
      </Box>
    );
  }

  const visibleApparel = apparel?.filter((item) => !hidden.includes(item.id)) ?? [];
  const hiddenCount = (apparel?.length ?? 0) - visibleApparel.length;

  const customizing = visibleApparel.find((item) => String(item.id) === searchParams.get('customize'));
  const closeStudio = () => setSearchParams({}, { replace: true });

  /** The one-click Create, or the studio's with its own placement, title, description and price. */
  async function create(item: BaseApparel, studio?: StudioProduct) {
    if (!selectedLogo || organizationId === null) return;
    setBusyApparelId(item.id);
    try {
      const composition = await composeProductImage({
        apparelUrl: studio?.colours[0]?.imageUrl ?? item.media[0].imageUrl,
        logoUrl: selectedLogo.fileUrl,
        printableArea: item.printAreas.front,
        placement: studio?.placement,
        texts: studio?.layers.flatMap((layer) =>
          layer.kind === 'text' && layer.side === 'front' ? [layer] : [],
        ),
      });
      if (!composition) return;
      const product = await createMerchandise({
        title: studio?.title ?? item.title,
        description: studio?.description ?? item.description,
        price: studio?.price ?? item.price,
        logoId: selectedLogo.id,
        baseApparelId: item.id,
        organizationId,
        image: composition.image,
        placement: studio ? composition.placement : undefined,
        layers: studio?.layers,
        colourIds: studio?.colours.map((colour) => colour.id),
      });
      if (studio) closeStudio();
      notify(translate('app.merchandise.uploadedProcessing'), { type: 'success' });
      // Listed at once as it is now, processing; 'Refresh Product' fetches it when it is ready.
      queryClient.setQueryData<MerchandiseBody>(merchandiseQueryKey(organizationGuid), (body) =>
        body ? { result: { ...body.result, products: [product, ...body.result.products] } } : body,
      );
      await queryClient.invalidateQueries({ queryKey: baseApparelQueryKey(organizationId) });
    } catch (error) {
      const message =
        error instanceof UploadError ? error.message : translate('app.merchandise.composeFailed');
      notify(
        error instanceof UploadError && error.status === 403
          ? appMessages.errors.forbidden
          : `${appMessages.errors.badRequestPrefix}${message}`,
        { type: 'error' },
      );
    } finally {
      setBusyApparelId(null);
    }
  }

  if (customizing && selectedLogo) {
    return (
      <Box sx={{ mt: 2, maxWidth: '100%' }}>
        <Title title={translate('app.merchandise.studioTitle')} />
        <Studio
          apparel={customizing}
          logo={selectedLogo}
          busy={busyApparelId === customizing.id}
          onCreate={(product) => void create(customizing, product)}
          onCancel={closeStudio}
        />
      </Box>
    );
  }

  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 4, maxWidth: '100%' }}>
      <Title title={translate('app.merchandise.createTitle')} />
      <Box component="section">
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Typography variant="h6" component="h2">
            {translate('app.merchandise.logos')}
          </Typography>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setUploadOpen(true)}>
            {translate('app.designLogos.addLogo')}
          </Button>
        </Box>
        {logosPending && <Skeleton variant="rounded" height={180} />}
        {logos && logos.length === 0 && (
          <Typography color="text.secondary">{translate('app.designLogos.empty')}</Typography>
        )}
        {logos && logos.length > 0 && (
          <LogoGallery
            logos={logos}
            organizationId={organizationId}
            selectedId={selectedLogoId}
            onSelect={(logo) => setSelectedLogoId(logo.id)}
            onDeleted={(id) => {
              if (id === selectedLogoId) setSelectedLogoId(null);
              void queryClient.invalidateQueries({ queryKey: baseApparelQueryKey(organizationId) });
            }}
          />
        )}
        <LogoUploadModal
          open={uploadOpen}
          organizationId={organizationId}
          onClose={() => setUploadOpen(false)}
          onUploaded={(logo) => setSelectedLogoId(logo.id)}
        />
      </Box>

      <Box component="section">
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {translate('app.merchandise.apparel')}
        </Typography>
        {!selectedLogo && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="select-logo-first" id={selectLogoFirstId}>
            {translate('app.merchandise.selectLogoFirst')}
          </Alert>
        )}
        {apparelPending && <Skeleton variant="rounded" height={300} />}
        <Grid container spacing={2}>
          {visibleApparel.map((item) => (
            <Grid key={item.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <ApparelCard
                apparel={item}
                logo={selectedLogo}
                logoSize={selectedLogoSize}
                busy={busyApparelId === item.id}
                onHide={() => hide(item.id)}
                onCreate={() => void create(item)}
                onCustomize={() => setSearchParams({ customize: String(item.id) })}
              />
            </Grid>
          ))}
        </Grid>
        {hiddenCount > 0 && (
          <Button sx={{ mt: 2 }} onClick={unhideAll}>
            {translate('app.merchandise.hiddenItems', { smart_count: hiddenCount })}
          </Button>
        )}
      </Box>

      <Box component="section">
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {translate('app.merchandise.createdList')}
        </Typography>
        {merchandise && merchandise.products.length === 0 && (
          <Typography color="text.secondary">{translate('app.merchandise.empty')}</Typography>
        )}
        <Grid container spacing={2}>
          {merchandise?.products.map((product) => (
            <Grid key={product.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <ProductCard product={product} onRefresh={() => void refetch()} />
            </Grid>
          ))}
        </Grid>
      </Box>
    </Box>
  );
}
