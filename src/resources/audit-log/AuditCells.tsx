import { useRecordContext } from 'react-admin';
import { useCodeText } from '../../admin/engine/codes';

/** What was done, named in the reader's language. */
export function ActionCell() {
  const record = useRecordContext();
  const codes = useCodeText();
  return typeof record?.action === 'string' ? <>{codes.action(record.action)}</> : null;
}

/** What it was done to: the resource's name, or the module's thing, in the reader's language. */
export function EntityCell() {
  const record = useRecordContext();
  const codes = useCodeText();
  return typeof record?.entityType === 'string' ? <>{codes.entity(record.entityType)}</> : null;
}
