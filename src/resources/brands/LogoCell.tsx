import { useRecordContext } from 'react-admin';
import type { Brand } from '../../../contract/definitions/brands';
import { BrandLogo } from './BrandLogo';

/** The brand's logo in place of its slug. */
export function LogoCell() {
  const record = useRecordContext<Brand>();
  return record ? <BrandLogo slug={record.slug} name={record.name} /> : null;
}
