import { useRecordContext } from 'react-admin';
import { Link } from 'react-router';
import type { ResourceOverrides } from '../../admin/engine/types';
import type { PromoCode } from '../../../contract/definitions/promo-codes';
import { useResourcePath } from '../useResourcePath';

/** The spec's promo row: the code itself links to update/{id}. */
function CodeLink() {
  const record = useRecordContext<PromoCode>();
  const path = useResourcePath('promo-codes');
  if (!record) return null;
  return <Link to={path('update', record.id)}>{record.code}</Link>;
}

const promoCodes: ResourceOverrides = {
  cells: { code: CodeLink },
  // 'Edit' plus the code link, as the spec words the row; the link's accessible name keeps the record's.
  editText: (_record, translate) => translate('app.tables.edit'),
};

export default promoCodes;
