import englishMessages from 'ra-language-english';
import type { AnyResource } from '../../contract/resource';
import { definitionsWithoutSchemas } from '../../contract/definitions/without-schemas';
// The products' review speaks through the engine's workflow texts too.
import { productReview } from '../../contract/merchandise-review';
import { appMessages } from './en';

/** What a resource shows of itself: its names, the menu entry, its fields' labels and choices. */
export interface ResourceLabels {
  one: string;
  many: string;
  toast?: string;
  menu?: string;
  fields: Record<string, string>;
  choices?: Record<string, Record<string, string>>;
  /** The workflow's transitions, as their buttons name them. */
  transitions?: Record<string, string>;
}

/**
 * The English labels are the definitions' own, so a new resource needs no edit here; an import's
 * own columns (`importFields`) are among its fields.
 */
export const definitionLabels = (definitions: readonly AnyResource[]): Record<string, ResourceLabels> =>
  Object.fromEntries(
    definitions.map((definition) => {
      const fields = Object.entries({ ...definition.importFields, ...definition.fields });
      const withChoices = fields.flatMap(([name, field]) =>
        'choices' in field && field.choices
          ? [[name, Object.fromEntries(field.choices.map((choice) => [choice.value, choice.label]))] as const]
          : [],
      );
      const labels: ResourceLabels = {
        ...definition.label,
        ...(definition.menu?.label ? { menu: definition.menu.label } : {}),
        fields: Object.fromEntries(fields.map(([name, field]) => [name, field.label])),
        ...(withChoices.length ? { choices: Object.fromEntries(withChoices) } : {}),
        ...(definition.workflow
          ? {
              transitions: Object.fromEntries(
                Object.entries(definition.workflow.transitions).map(([name, t]) => [name, t.label]),
              ),
            }
          : {}),
      };
      return [definition.name, labels];
    }),
  );

/**
 * `resources.<name>`: react-admin's `name` ('one |||| many') and `fields.<field>`, which its
 * inputs, columns and titles read, beside the engine's `one`, `many`, `toast`, `menu` and
 * `choices.<field>.<value>`.
 */
export const resourceMessages = (labels: Record<string, ResourceLabels>) =>
  Object.fromEntries(
    Object.entries(labels).map(([name, label]) => [
      name,
      { name: `${label.one} |||| ${label.many}`, ...label },
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
  resources: resourceMessages(definitionLabels([...definitionsWithoutSchemas, productReview])),
};
