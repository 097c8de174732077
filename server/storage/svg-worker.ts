import { sanitizeTemplateBody } from './html-sanitize';
import { sanitizeSvg } from './svg-sanitize';
import { UploadRejected } from './image-limits';

export type SanitizedSvg = { svg: string } | { rejected: string };

/** Runs in a worker thread: a rejection travels back as data, since error classes do not cross. */
export default function sanitizeInWorker(source: string): SanitizedSvg {
  try {
    return { svg: sanitizeSvg(source) };
  } catch (error) {
    if (error instanceof UploadRejected) return { rejected: error.message };
    throw error;
  }
}

/** An e-mail template's body, in the same DOM (`sanitizeTemplateOffThread`). */
export const templateBody = sanitizeTemplateBody;
