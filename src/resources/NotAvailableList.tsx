import { useResourceDefinition } from 'react-admin';
import { NotAvailableYet } from '../pages/NotAvailableYet';

/** The list of a resource whose table is not built yet. */
export function NotAvailableList() {
  const definition = useResourceDefinition();
  return <NotAvailableYet title={definition.options?.label ?? definition.name} />;
}
