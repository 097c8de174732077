import HistoryIcon from '@mui/icons-material/History';
import {
  Box,
  Button as MuiButton,
  Card,
  CardActions,
  CardContent,
  Link as MuiLink,
  Typography,
} from '@mui/material';
import { ChangedElsewhere } from './ChangedElsewhere';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useMemo, useState } from 'react';
import {
  Create,
  Edit,
  Loading,
  type RaRecord,
  SaveButton,
  SimpleForm,
  Title,
  Toolbar,
  useDelete,
  useGetOne,
  useNotify,
  useRedirect,
  useSaveContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router';
import { type AnyResource, createSchemaOf, historyOf, updateSchemaOf } from '../../../contract/resource';
import { definitionOf } from '../../../contract/definitions';
import { AdminNotFoundPage } from '../../pages/errors/ErrorPage';
import { useFailureToast } from '../../providers/failureToast';
import { useResourcePath } from '../../resources/useResourcePath';
import { zodValidate } from '../../resources/zodValidate';
import { type Conflict, ConflictDialog, conflictFieldsOf, conflictOf } from './ConflictDialog';
import { inputOf } from './inputs';
import { useNotifyDeleted } from './trash';
import { useOffers } from './useOffers';
import { useResourceText, useValueText } from './labels';
import { WorkflowActions } from './WorkflowActions';

/**
 * The definition with the registry's schemas: the admin shell hands the forms the zod-free
 * definitions, and users and orders validate with bodies of their own.
 */
const withSchemas = (definition: AnyResource): AnyResource => ({
  ...definition,
  schemas: definition.schemas ?? definitionOf(definition.name)?.schemas,
});

/** The create form's fields: what a body may carry. */
const formFields = (definition: AnyResource) =>
  Object.entries(definition.fields).filter(([, field]) => field.form ?? !field.readOnly);

/** The update form's fields: read-only ones too (an email template's key), shown but disabled. */
const updateFields = (definition: AnyResource) =>
  Object.entries(definition.fields).filter(([, field]) => field.form ?? true);

/** '{label.toast ?? label.one} {title} created': 'Setting MaxUploads created', 'EmailTemplate Welcome updated'. */
function useSaved(definition: AnyResource, done: 'created' | 'updated') {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  const text = useResourceText();
  return (record: RaRecord) => {
    const label = text.toast(definition);
    notify(translate(`app.tables.${done}`, { label, title: record[definition.titleField] }), {
      type: 'success',
    });
    redirect('list', definition.name);
  };
}

export function ResourceCreate({ definition }: { definition: AnyResource }) {
  const translate = useTranslate();
  const text = useResourceText();
  const failureToast = useFailureToast();
  const onSuccess = useSaved(definition, 'created');
  const defaults = Object.fromEntries(
    Object.entries(definition.fields)
      .filter(([, field]) => 'default' in field && field.default !== undefined)
      .map(([name, field]) => [name, (field as { default: unknown }).default]),
  );
  return (
    <Create
      resource={definition.name}
      title={translate('app.tables.create', { label: text.one(definition) })}
      mutationOptions={{ onSuccess, onError: (error) => failureToast(error, { formErrorsShown: true }) }}
    >
      <SimpleForm
        validate={zodValidate(createSchemaOf(withSchemas(definition)))}
        defaultValues={defaults}
        warnWhenUnsavedChanges
      >
        {formFields(definition).map(([name, field]) => inputOf(definition, name, field, text))}
      </SimpleForm>
    </Create>
  );
}

/** A record the server does not have is the admin 404 page, not a toast as well. */
const unlessMissing = (error: unknown, toast: (error: unknown) => void) => {
  if ((error as { status?: number })?.status !== 404) toast(error);
};

/**
 * The record's history page where the resource keeps one (changes field by field, with "Restore
 * this version"), else the audit log filtered to the record's changes.
 */
function HistoryLink({ definition, id }: { definition: AnyResource; id: number }) {
  const translate = useTranslate();
  const text = useResourceText();
  const auditLog = definitionOf('audit-log');
  const offeredLog = useOffers(auditLog ?? definition);
  const offered = useOffers(definition);
  const path = useResourcePath(definition.name);
  if (!definition.audit) return null;
  const ownHistory = historyOf(definition) && offered('update');
  if (!ownHistory && (!auditLog || !offeredLog('list'))) return null;
  const filter = JSON.stringify({ entityType: definition.audit.entityType, entityId: String(id) });
  return (
    <MuiLink
      component={Link}
      to={ownHistory ? path('history', id) : `/admin/${auditLog!.name}?filter=${encodeURIComponent(filter)}`}
      sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', mt: 2 }}
    >
      <HistoryIcon fontSize="small" />
      {translate('app.tables.history', { label: text.one(definition) })}
    </MuiLink>
  );
}

function UpdateToolbar({ definition, id }: { definition: AnyResource; id: number }) {
  const offered = useOffers(definition);
  const translate = useTranslate();
  const path = useResourcePath(definition.name);
  return (
    <Toolbar sx={{ gap: 2 }}>
      <SaveButton />
      {offered('delete') && (
        <MuiButton component={Link} to={path('delete', id)} color="error">
          {translate('app.tables.delete')}
        </MuiButton>
      )}
    </Toolbar>
  );
}

/** The conflict dialog of an engine form, saving through the form's own save. */
function EngineConflict(props: {
  definition: AnyResource;
  conflict: Conflict | undefined;
  onClose: () => void;
}) {
  const { save } = useSaveContext();
  const text = useResourceText();
  const { definition, conflict } = props;
  const valueOf = useValueText(
    definition,
    useMemo(() => (conflict ? [conflict.mine, conflict.theirs] : []), [conflict]),
  );
  const editable = updateFields(definition)
    .filter(([, field]) => !field.readOnly && !field.readOnlyOnUpdate)
    .map(([name]) => name);
  return (
    <ConflictDialog
      {...props}
      fields={conflictFieldsOf(definition, editable, text, valueOf)}
      label={text.one(definition)}
      onSave={(values) => save?.(values)}
    />
  );
}

/**
 * The update form of one record. The record is read afresh: a row switch or another form may
 * have changed it since the list cached it, and saving a stale copy would undo that change; a
 * save that meets a newer version anyway opens the conflict dialog over the form.
 */
export function ResourceUpdate({
  definition,
  id,
  panels: Panels,
}: {
  definition: AnyResource;
  id: number;
  panels?: ComponentType<{ id: number }>;
}) {
  const translate = useTranslate();
  const text = useResourceText();
  const queryClient = useQueryClient();
  const failureToast = useFailureToast();
  const onSuccess = useSaved(definition, 'updated');
  const forgetRecord = () =>
    queryClient.removeQueries({ queryKey: [definition.name, 'getOne', { id: String(id) }] });
  useState(forgetRecord);
  // Reload after someone else's change: the form starts again from the record as it is now.
  const [loads, setLoads] = useState(0);
  const [conflict, setConflict] = useState<Conflict>();
  const onError = (error: unknown, variables: { data?: unknown } = {}) => {
    const found = conflictOf(error, (variables.data ?? {}) as Record<string, unknown>);
    if (found) setConflict(found);
    else failureToast(error, { formErrorsShown: true });
  };
  return (
    <Box>
      <ChangedElsewhere
        definition={definition}
        id={id}
        onReload={() => {
          forgetRecord();
          setLoads((n) => n + 1);
        }}
      />
      <Edit
        key={loads}
        resource={definition.name}
        id={id}
        title={translate('app.tables.update', { label: text.one(definition) })}
        mutationMode="pessimistic"
        mutationOptions={{ onSuccess, onError }}
        queryOptions={{ onError: (error) => unlessMissing(error, failureToast) }}
        error={<AdminNotFoundPage />}
        actions={false}
      >
        <WorkflowActions definition={definition} />
        <SimpleForm
          validate={zodValidate(updateSchemaOf(withSchemas(definition)))}
          toolbar={<UpdateToolbar definition={definition} id={id} />}
          warnWhenUnsavedChanges
        >
          {updateFields(definition).map(([name, field]) =>
            inputOf(definition, name, field, text, {
              disabled: Boolean(field.readOnly || field.readOnlyOnUpdate),
            }),
          )}
          <EngineConflict
            definition={definition}
            conflict={conflict}
            onClose={() => setConflict(undefined)}
          />
        </SimpleForm>
      </Edit>
      {Panels && <Panels id={id} />}
      <HistoryLink definition={definition} id={id} />
    </Box>
  );
}

/** `/admin/{name}/delete/{entityId}`: 'Are you sure you want to delete this?' with the record's values. */
export function ResourceDelete({ definition, id }: { definition: AnyResource; id: number }) {
  const translate = useTranslate();
  const text = useResourceText();
  const notifyDeleted = useNotifyDeleted(definition);
  const redirect = useRedirect();
  const failureToast = useFailureToast();
  const path = useResourcePath(definition.name);
  const { data, isPending, error, refetch } = useGetOne(
    definition.name,
    { id },
    { onError: (e) => unlessMissing(e, failureToast) },
  );
  const [deleteOne, { isPending: deleting }] = useDelete();
  if (isPending) return <Loading />;
  if (error || !data) return <AdminNotFoundPage />;

  const confirm = () =>
    deleteOne(
      definition.name,
      { id, previousData: data },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notifyDeleted([id]);
          redirect('list', definition.name);
        },
        onError: (e) => {
          failureToast(e);
          // Changed since it was shown ('… changed this … after you opened it'): show it as it now is.
          if ((e as { status?: number }).status === 409) void refetch();
        },
      },
    );

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={`${translate('app.tables.delete')} ${text.one(definition)}`} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('app.tables.deletePageConfirm')}
          </Typography>
          {formFields(definition)
            .filter(([, field]) => field.list !== false)
            .map(([name]) => (
              <Typography key={name} sx={{ overflowWrap: 'anywhere' }}>
                {text.field(definition, name)}: {String(data[name] ?? '')}
              </Typography>
            ))}
        </CardContent>
        <CardActions>
          <MuiButton variant="contained" color="error" disabled={deleting} onClick={confirm}>
            {translate('app.tables.delete')}
          </MuiButton>
          <MuiButton component={Link} to={path()}>
            {translate('app.tables.cancel')}
          </MuiButton>
        </CardActions>
      </Card>
    </Box>
  );
}
