import type { ComponentType, ReactElement } from 'react';
import type { ResourceApi } from '../providers/dataProvider';

/** A table resource as configuration: react-admin's Resource props plus where its API lives. */
export interface ResourceConfig {
  name: string;
  label: string;
  api: ResourceApi;
  icon?: ComponentType;
  list?: ComponentType;
  create?: ComponentType;
  /** Routes beside the list, such as `update/:id` (the spec's paths differ from react-admin's). */
  routes?: ReactElement | ReactElement[];
  recordRepresentation?: string;
}
