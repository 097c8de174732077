/**
 * A table resource as one definition, loaded by the browser and the server alike.
 * Modelled on Payload CMS collections and Django's ModelAdmin: the server derives its routes,
 * guard, organization scope, audit rows, OpenAPI and error mapping from it; the app derives its
 * list, forms, menu entry and labels; the registry tests loop over every definition.
 * These modules hold no zod, so the admin pages that validate nothing (menu, labels, access,
 * calls) do not download it; `contract/resource.ts` adds the schemas a definition implies.
 * One file per concern, each importing only those listed before it: `fields.ts` (the field
 * kinds and their builders), `rules.ts` (rules across fields), `resource-definition.ts` (the
 * definition itself, its actions and `accessFor`), `access.ts` (who may do and see what),
 * `columns.ts` (list, export, sort and filter columns), `imports.ts` (what a spreadsheet
 * fills) and `routes.ts` (every call of a resource). Import from here.
 */
export * from './access';
export * from './columns';
export * from './fields';
export * from './imports';
export * from './resource-definition';
export * from './routes';
export * from './rules';
