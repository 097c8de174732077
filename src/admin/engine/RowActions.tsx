import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Switch } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, Suspense, useState } from 'react';
import { type RaRecord, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { type AnyResource, fillPath, resourceCalls } from '../../../contract/resource';
import { http } from '../../providers';
import { useFailureToast } from '../../providers/failureToast';
import { DeleteRowButton } from '../../resources/DeleteRowButton';
import { useResourcePath } from '../../resources/useResourcePath';
import type { ResourceOverrides } from './types';
import { hasUpdateForm, useOffers } from './useOffers';
import { titleOf, useResourceText } from './labels';

/**
 * A row action whose text may be long ('Edit MaxProductsPerOrganization'): written as it is
 * (a key in capitals is hard to read) and never cut. On one line in a table, which then gives
 * the column its width; wrapped in a phone's stacked rows.
 */
function EditLink({
  definition,
  text,
}: {
  definition: AnyResource;
  text?: (record: RaRecord, translate: (key: string) => string) => string;
}) {
  const record = useRecordContext();
  const translate = useTranslate();
  const path = useResourcePath(definition.name);
  if (!record) return null;
  const full = translate('app.tables.editItem', { name: titleOf(definition, record) });
  const visible = text?.(record, translate) ?? full;
  return (
    <Button
      size="small"
      component={Link}
      to={path('update', record.id)}
      startIcon={<EditIcon />}
      aria-label={visible === full ? undefined : full}
      sx={{
        maxWidth: '100%',
        minWidth: 0,
        textTransform: 'none',
        textAlign: 'left',
        whiteSpace: { xs: 'normal', sm: 'nowrap' },
        // Breaks between words first; a key longer than a phone's row breaks inside itself.
        overflowWrap: 'anywhere',
      }}
    >
      {visible}
    </Button>
  );
}

/**
 * The definition's one-field switch (`PATCH brands/:id/showcase`): it moves at once, goes back
 * if the call fails, and drops the cached records so a form opened next shows the server's.
 * While the call runs it ignores presses rather than being disabled: a disabled switch would
 * lose the focus it has. Its row's status region says what changed, as a screen reader hears
 * nothing of the list otherwise.
 */
export function ToggleSwitch({ definition }: { definition: AnyResource }) {
  const record = useRecordContext();
  const queryClient = useQueryClient();
  const failureToast = useFailureToast();
  const text = useResourceText();
  const translate = useTranslate();
  const [checked, setChecked] = useState<boolean | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [announced, setAnnounced] = useState('');
  const toggle = definition.routes?.toggle;
  const call = resourceCalls(definition).toggle;
  if (!record || !toggle || !call) return null;
  const label = text.field(definition, toggle.field);
  const title = titleOf(definition, record);
  const value = checked ?? Boolean(record[toggle.field]);

  const change = async (next: boolean) => {
    if (busy) return;
    setChecked(next);
    setBusy(true);
    try {
      await http(`/api/${fillPath(call.path, { id: record.id })}`, {
        method: call.method,
        body: call.idIn === 'body' ? { id: record.id, [toggle.field]: next } : { [toggle.field]: next },
      });
      setAnnounced(
        translate(next ? 'app.tables.switchedOn' : 'app.tables.switchedOff', { field: label, name: title }),
      );
      await queryClient.invalidateQueries({ queryKey: [definition.name] });
    } catch (error) {
      setChecked(!next);
      failureToast(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Switch
        checked={value}
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => change(event.target.checked)}
        slotProps={{ input: { 'aria-label': `${label} ${title}`, 'aria-busy': busy || undefined } }}
      />
      <Box component="span" role="status" sx={visuallyHidden}>
        {announced}
      </Box>
    </>
  );
}

/**
 * A resource's own cell or row action, which is a lazy chunk: while it loads, only its cell
 * waits. Without this boundary the row suspended up to the page's: every try threw the row away
 * and mounted its references' queries anew, whose updates started the next try at once, so the
 * chunk's download waited behind them (a director's first Orders list took 15-30 s).
 */
export function OwnCell({ cell: Cell }: { cell: ComponentType }) {
  return (
    <Suspense fallback={null}>
      <Cell />
    </Suspense>
  );
}

/** The engine's row actions: edit where update is offered, the generic delete where delete is. */
export function RowActions({
  definition,
  overrides,
}: {
  definition: AnyResource;
  overrides: ResourceOverrides;
}) {
  const offered = useOffers(definition);
  const text = useResourceText();
  const record = useRecordContext();
  if (overrides.rowActions) return <OwnCell cell={overrides.rowActions} />;
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        minWidth: 0,
      }}
    >
      {offered('update') && hasUpdateForm(definition) && (
        <EditLink definition={definition} text={overrides.editText} />
      )}
      {offered('delete') && record && (
        <DeleteRowButton label={text.one(definition)} title={titleOf(definition, record)} />
      )}
    </Box>
  );
}
