import { lazy, type ReactElement, Suspense, useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  DateTimeInput,
  Loading,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
} from 'react-admin';
import {
  type AnyResource,
  type Field,
  type ReferenceField,
  referenceOptionsResource,
  seesEveryOrganization,
} from '../../../contract/definition';
import { session } from '../../providers';
import { useAuthState } from '../../providers/session';
import { type ResourceText, translatedChoices } from './labels';

const RichTextInput = lazy(() => import('./RichTextInput'));

const transformOf = (field: Field) =>
  'transform' in field && field.transform
    ? (value: string) =>
        value ? value[field.transform === 'upper' ? 'toUpperCase' : 'toLowerCase']() : value
    : undefined;

/**
 * A reference's input offers what the user may name (`POST {path}/references`); a user held to
 * one organization sees it fixed in the definition's organization field rather than a picker.
 * A `within: 'organization'` one offers the rows of the organization the form holds, and is
 * cleared when that organization changes, as its value belonged to the old one (the server
 * refuses it anyway).
 */
function ReferenceFieldInput({
  definition,
  name,
  field,
  disabled,
}: {
  definition: AnyResource;
  name: string;
  field: ReferenceField;
  disabled?: boolean;
}) {
  const { user } = useAuthState(session);
  const ownOrganization =
    name === definition.organizationField && !seesEveryOrganization(user?.roleNames)
      ? (user?.organizationId ?? undefined)
      : undefined;
  const within = field.within === 'organization';
  const organization: unknown = useWatch({ name: definition.organizationField ?? name, disabled: !within });
  const { setValue } = useFormContext();
  const held = useRef(organization);
  useEffect(() => {
    if (!within || held.current === organization) return;
    if (held.current != null) setValue(name, null, { shouldDirty: true });
    held.current = organization;
  }, [within, organization, name, setValue]);
  return (
    <ReferenceInput
      source={name}
      reference={referenceOptionsResource(definition, name)}
      filter={within ? { organizationId: organization ?? undefined } : undefined}
    >
      <AutocompleteInput
        optionText="label"
        isRequired={field.required}
        disabled={disabled}
        readOnly={ownOrganization !== undefined}
        defaultValue={ownOrganization}
        fullWidth
        helperText={field.help}
      />
    </ReferenceInput>
  );
}

/**
 * The input of a field by its kind, full width; its label is `resources.<name>.fields.<field>`,
 * which the i18n messages make from the definitions.
 */

/**
 * The instant a `datetime-local` input means, as the ISO text with a zone the contract reads:
 * react-admin's own parse makes a `Date`, which the form's schema refuses as no text. A value
 * still being typed stays as it is, for the schema to name.
 */
const instantOf = (value: string) => {
  if (!value) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : instant.toISOString();
};

export function inputOf(
  definition: AnyResource,
  name: string,
  field: Field,
  text: ResourceText,
  { disabled = false } = {},
): ReactElement {
  // react-admin marks a required field by its label's asterisk only, which a screen reader
  // reads as "star" if at all: the input says it too.
  const required = { 'aria-required': field.required || undefined };
  const common = {
    source: name,
    isRequired: field.required,
    disabled,
    fullWidth: true,
    helperText: field.help,
  };
  const typed = { ...common, slotProps: { htmlInput: required } };
  switch (field.kind) {
    case 'richText':
      return (
        <Suspense key={name} fallback={<Loading />}>
          <RichTextInput source={name} label={text.field(definition, name)} isRequired={field.required} />
        </Suspense>
      );
    case 'number':
    case 'money':
      return (
        <NumberInput
          key={name}
          {...typed}
          min={field.min}
          max={field.max}
          step={field.kind === 'money' ? 0.01 : 1}
        />
      );
    case 'boolean':
      return <BooleanInput key={name} {...common} />;
    case 'choice':
      return (
        <SelectInput
          key={name}
          {...typed}
          choices={translatedChoices(field.choices, (choice) => text.choice(definition, name, choice))}
          optionValue="value"
          optionText="label"
          translateChoice={false}
        />
      );
    case 'reference':
      return (
        <ReferenceFieldInput
          key={name}
          definition={definition}
          name={name}
          field={field}
          disabled={disabled}
        />
      );
    case 'date':
      return <DateInput key={name} {...typed} />;
    case 'dateTime':
      return <DateTimeInput key={name} {...typed} parse={instantOf} />;
    default:
      return (
        <TextInput
          key={name}
          {...common}
          multiline={field.kind === 'longText'}
          type={field.kind === 'email' && !field.multiple ? 'email' : field.kind === 'url' ? 'url' : 'text'}
          parse={transformOf(field)}
          slotProps={{ htmlInput: { ...required, maxLength: field.max } }}
        />
      );
  }
}
