import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useCodeText } from '../../admin/engine/codes';

/** In the type of react-admin's own text cells, which the stacked rows under 640 px show beside it. */
export const Cell = ({ text }: { text: string }) => (
  <Typography variant="body2" component="span">
    {text}
  </Typography>
);

/** What was done, named in the reader's language. */
export function ActionCell() {
  const record = useRecordContext();
  const codes = useCodeText();
  return typeof record?.action === 'string' ? <Cell text={codes.action(record.action)} /> : null;
}

/** What it was done to: the resource's name, or the module's thing, in the reader's language. */
export function EntityCell() {
  const record = useRecordContext();
  const codes = useCodeText();
  return typeof record?.entityType === 'string' ? <Cell text={codes.entity(record.entityType)} /> : null;
}
