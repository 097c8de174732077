import { useTranslate } from 'react-admin';
import { definitionsWithoutSchemas } from '../../../contract/definitions/without-schemas';
import { useResourceText } from './labels';

/** The resource whose changes the audit log records under `code`, if a resource's they are. */
export const auditedDefinitionOf = (code: string) =>
  definitionsWithoutSchemas.find((definition) => definition.audit?.entityType === code);

/**
 * The codes the server writes into the audit log and the job queue, named in the reader's
 * language: an audit action (`app.audit.actions`), an entity type (the resource whose
 * `audit.entityType` it is, else `app.audit.entities`) and a job type (`app.audit.jobTypes`).
 * A code no catalogue lists is shown as the server wrote it.
 */
export function useCodeText() {
  const translate = useTranslate();
  const text = useResourceText();
  return {
    action: (code: string) => translate(`app.audit.actions.${code}`, { _: code }),
    entity: (code: string) => {
      const definition = auditedDefinitionOf(code);
      return definition ? text.one(definition) : translate(`app.audit.entities.${code}`, { _: code });
    },
    jobType: (code: string) => translate(`app.audit.jobTypes.${code}`, { _: code }),
  };
}
