import englishMessages from 'ra-language-english';
import type { AnyResource } from '../../contract/resource';
import { definitionsWithoutSchemas } from '../../contract/resources/definitions';
import { appMessages } from './en';

/**
 * `resources.<name>.name` and `.fields.<field>` from the definitions' labels, so a new resource
 * needs no edit here; react-admin's inputs, columns and titles read their labels from them.
 */
export const resourceMessages = (definitions: readonly AnyResource[]) =>
  Object.fromEntries(
    definitions.map((definition) => [
      definition.name,
      {
        name: `${definition.label.one} |||| ${definition.label.many}`,
        fields: Object.fromEntries(
          Object.entries(definition.fields).map(([name, field]) => [name, field.label]),
        ),
      },
    ]),
  );

/**
 * react-admin's catalogue with ours under `app` and the resources'. Apart from `en.ts`, which
 * every page imports, so the public pages download neither react-admin's texts nor the registry.
 */
export const en = {
  ...englishMessages,
  ra: { ...englishMessages.ra, auth: { ...englishMessages.ra.auth, logout: appMessages.layout.logout } },
  app: appMessages,
  resources: resourceMessages(definitionsWithoutSchemas),
};
