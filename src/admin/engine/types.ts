import type { ComponentType, ReactElement } from 'react';
import type { RaRecord } from 'react-admin';

/**
 * What a resource adds to what its definition gives, in `src/resources/<name>/index.ts`: a
 * resource the definition describes fully has no folder at all.
 */
export interface ResourceOverrides {
  /** Cells drawn by the resource for fields the kind alone cannot show (a brand's logo). */
  cells?: Record<string, ComponentType>;
  /** Columns that are no field of the definition (an account's roles). */
  extraColumns?: { source: string; label: string; cell: ComponentType }[];
  /** Row actions in place of the engine's edit link and delete (the accounts' options menu). */
  rowActions?: ComponentType;
  /** The edit link's visible text when the spec words it apart ('Edit' for promos), in the user's language. */
  editText?: (record: RaRecord, translate: (key: string) => string) => string;
  /** The list in place of the engine's, which it usually wraps (orders need an organization). */
  list?: ComponentType;
  create?: ComponentType;
  /** The update page of one record, given its id. */
  update?: ComponentType<{ id: number }>;
  /** Sections under the engine's update form that work on the record apart from it (a campaign's products). */
  panels?: ComponentType<{ id: number }>;
  /** Pages beside the list under the spec's paths (`lock/:id`). */
  routes?: ReactElement[];
}
