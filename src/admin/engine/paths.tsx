import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { rowIdOf } from '../../../contract/definition';
import { AdminNotFoundPage } from '../../pages/errors/ErrorPage';

/** The record id of a `:id` route, or undefined when it is no id a row could have. */
const routeId = (value: string | undefined) => rowIdOf(value);

/** A page of one record: `/admin/users/update/abc` names none, so it is the admin 404 page. */
export function RecordPage({ page: Page }: { page: ComponentType<{ id: number }> }) {
  const id = routeId(useParams().id);
  return id === undefined ? <AdminNotFoundPage /> : <Page key={id} id={id} />;
}
