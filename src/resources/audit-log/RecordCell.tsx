import { Box, Link, Typography } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { useGetManyAggregate, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { AnyResource } from '../../../contract/definition';
import type { FieldChange } from '../../../contract/history';
import { auditedDefinitionOf, useCodeText } from '../../admin/engine/codes';
import { ChangeLine } from '../../admin/engine/HistoryEntries';
import { titleOf, useChangeText } from '../../admin/engine/labels';
import { useOffers } from '../../admin/engine/useOffers';
import { localizeMessage, useLocale } from '../../i18n/locale';
import { useResourcePath } from '../useResourcePath';

type Details = Record<string, unknown> & { changes?: FieldChange[] };

/**
 * What an entry was done to, as a person reads it: the kind of record and its name, a link to its
 * page while it exists and the reader may open it, and each field the change altered, before
 * and after, worded as History words them. A module's own thing (a logo, an email) has no
 * resource page: its kind and id.
 */
export function RecordCell() {
  const record = useRecordContext();
  const codes = useCodeText();
  // A refusal's reason is the server's English, shown in the reader's language as it changes.
  useLocale();
  if (typeof record?.entityType !== 'string') return null;
  const definition = auditedDefinitionOf(record.entityType);
  const kind = codes.entity(record.entityType);
  const id = Number(record.entityId);
  if (!definition || !Number.isSafeInteger(id)) {
    const { orderNumber, reason } = (record.details ?? {}) as Details;
    const name =
      typeof orderNumber === 'string' ? orderNumber : record.entityId ? `#${String(record.entityId)}` : '';
    return (
      <Box>
        <Line kind={kind} name={name} />
        {/* A refused delivery is kept for nothing else: the Admin reads here why it was refused. */}
        {typeof reason === 'string' && (
          <Typography variant="body2" component="p" color="text.secondary">
            {localizeMessage(reason)}
          </Typography>
        )}
      </Box>
    );
  }
  return (
    <AuditedRecord definition={definition} kind={kind} id={id} details={(record.details ?? {}) as Details} />
  );
}

function Line({ kind, name }: { kind: string; name: ReactNode }) {
  return (
    <Typography variant="body2" component="span">
      {kind} <span>{name}</span>
    </Typography>
  );
}

function AuditedRecord({
  definition,
  kind,
  id,
  details,
}: {
  definition: AnyResource;
  kind: string;
  id: number;
  details: Details;
}) {
  const offered = useOffers(definition);
  const path = useResourcePath(definition.name);
  const opens = offered('update');
  // The list's rows of this page ask once, together; a record deleted since is not among them.
  const { data: found } = useGetManyAggregate(definition.name, { ids: [id] }, { enabled: opens });
  const current = found?.find((row) => row.id === id);
  const changes = useMemo(() => (Array.isArray(details.changes) ? details.changes : []), [details]);
  const { shown, fieldName } = useChangeText(definition, changes);
  // Named as it was then; an entry that kept no name (a switch) by the record's name now.
  const title = details[definition.titleField] ?? (current && titleOf(definition, current));
  const name = title === undefined ? `#${id}` : shown(definition.titleField, title);
  return (
    <Box sx={{ minWidth: 0, overflowWrap: 'break-word' }}>
      <Line
        kind={kind}
        name={
          current && opens ? (
            <Link component={RouterLink} to={path('update', id)} onClick={(event) => event.stopPropagation()}>
              {name}
            </Link>
          ) : (
            name
          )
        }
      />
      {changes.map((change) => (
        <ChangeLine key={change.field} change={change} fieldName={fieldName} shown={shown} />
      ))}
    </Box>
  );
}
