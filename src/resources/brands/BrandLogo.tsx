import HideImageOutlinedIcon from '@mui/icons-material/HideImageOutlined';
import { useTranslate } from 'react-admin';
import { brandMarkOf } from './brandLogos';

const size = 40;

/** The brand's monogram for a known slug; a generic placeholder icon otherwise. */
export function BrandLogo({ slug, name }: { slug: string | null | undefined; name: string }) {
  const mark = brandMarkOf(slug);
  const translate = useTranslate();
  if (!mark) {
    return (
      <HideImageOutlinedIcon
        role="img"
        aria-label={translate('app.brands.noLogo', { name })}
        data-testid="brand-logo-placeholder"
        sx={{ width: size, height: size, color: 'text.disabled' }}
      />
    );
  }
  const fontSize = mark.letters.length > 2 ? 12 : mark.letters.length > 1 ? 15 : 20;
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={translate('app.brands.logo', { name })}
    >
      <rect width={size} height={size} rx={8} fill={mark.background} stroke="#d0d0d0" />
      <text
        x="50%"
        y="50%"
        dominantBaseline="central"
        textAnchor="middle"
        fill={mark.color}
        fontFamily="Arial, Helvetica, sans-serif"
        fontWeight={700}
        fontSize={fontSize}
      >
        {mark.letters}
      </text>
    </svg>
  );
}
