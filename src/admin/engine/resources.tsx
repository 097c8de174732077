import { type ComponentType, type ReactElement, useMemo } from 'react';
import { usePermissions } from 'react-admin';
import { Route } from 'react-router';
import {
  type AnyResource,
  definitionAs,
  historyOf,
  importable,
  offers,
  type ResourceAction,
} from '../../../contract/definition';
import { roles } from '../../../contract/roles';
import { lazyNamed } from '../../lib/lazyNamed';
import type { ResourceOverrides } from './types';
import { RecordPage } from './paths';
import { hasUpdateForm } from './useOffers';

const ResourceList = lazyNamed(() => import('./ResourceList'), 'ResourceList');
const ScopedResourceList = lazyNamed(() => import('./ScopedResourceList'), 'ScopedResourceList');
const ResourceCreate = lazyNamed(() => import('./ResourceForms'), 'ResourceCreate');
const ResourceUpdate = lazyNamed(() => import('./ResourceForms'), 'ResourceUpdate');
const ResourceDelete = lazyNamed(() => import('./ResourceForms'), 'ResourceDelete');
const TrashPage = lazyNamed(() => import('./TrashPage'), 'TrashPage');
const HistoryPage = lazyNamed(() => import('./HistoryPage'), 'HistoryPage');
const ImportPage = lazyNamed(() => import('./ImportPage'), 'ImportPage');

const everyRole = Object.values(roles);
const offeredToAnyone = (definition: AnyResource, action: ResourceAction) =>
  offers(definition, action, everyRole);

/** react-admin's `<Resource>` props of one resource, all of them derived from its definition. */
export interface EngineResource {
  name: string;
  list: ComponentType;
  create?: ComponentType;
  /** The spec's paths beside the list: `update/:id`, `delete/:id` and the resource's own. */
  routes: ReactElement[];
  recordRepresentation: string;
}

/**
 * The definition as the signed-in user's roles see it (field access): a field they may not read
 * has no column, filter or input on any page; until the roles are known, none is shown.
 */
function useSeen(definition: AnyResource) {
  const { permissions } = usePermissions<string[]>();
  const roleNames = (permissions ?? []).join(',');
  return useMemo(() => definitionAs(definition, roleNames.split(',')), [definition, roleNames]);
}

function SeenTrash({ definition }: { definition: AnyResource }) {
  return <TrashPage definition={useSeen(definition)} />;
}

function SeenImport({ definition }: { definition: AnyResource }) {
  return <ImportPage definition={useSeen(definition)} />;
}

/**
 * A resource's pages from its definition and the overrides in `src/resources/<name>`: the list,
 * the create form where create is offered, and the update and delete pages under the spec's
 * paths, each refusing an id that no row could have with the admin 404 page.
 */
export function engineResource(definition: AnyResource, overrides: ResourceOverrides = {}): EngineResource {
  const List =
    overrides.list ??
    (definition.routes?.table?.scopeParam
      ? () => <ScopedResourceList definition={useSeen(definition)} overrides={overrides} />
      : () => <ResourceList definition={useSeen(definition)} overrides={overrides} />);
  const Create = overrides.create ?? (() => <ResourceCreate definition={useSeen(definition)} />);
  const Update: ComponentType<{ id: number }> =
    overrides.update ??
    (({ id }) => <ResourceUpdate definition={useSeen(definition)} id={id} panels={overrides.panels} />);
  const Delete: ComponentType<{ id: number }> = ({ id }) => (
    <ResourceDelete definition={useSeen(definition)} id={id} />
  );
  return {
    name: definition.name,
    list: List,
    create: offeredToAnyone(definition, 'create') ? Create : undefined,
    routes: [
      ...(offeredToAnyone(definition, 'update') && (overrides.update || hasUpdateForm(definition))
        ? [<Route key="update" path="update/:id" element={<RecordPage page={Update} />} />]
        : []),
      ...(offeredToAnyone(definition, 'delete')
        ? [<Route key="delete" path="delete/:id" element={<RecordPage page={Delete} />} />]
        : []),
      ...(historyOf(definition) && offeredToAnyone(definition, 'update')
        ? [
            <Route
              key="history"
              path="history/:id"
              element={
                <RecordPage page={({ id }) => <HistoryPage definition={useSeen(definition)} id={id} />} />
              }
            />,
          ]
        : []),
      ...(definition.trash && offeredToAnyone(definition, 'restore')
        ? [<Route key="trash" path="trash" element={<SeenTrash definition={definition} />} />]
        : []),
      ...(importable(definition) && offeredToAnyone(definition, 'create')
        ? [<Route key="import" path="import" element={<SeenImport definition={definition} />} />]
        : []),
      ...(overrides.routes ?? []),
    ],
    recordRepresentation: definition.titleField,
  };
}
