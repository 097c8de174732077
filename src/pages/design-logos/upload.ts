import type { ValidationFailure } from '../../../contract/common';
import { currentMessages, localizeMessage } from '../../i18n/locale';
import { localizeBody } from '../../i18n/localizeBody';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly failures: ValidationFailure[] = [],
  ) {
    super(message);
  }
}

interface ResponseBody<T> {
  result?: T;
  validationFailures?: ValidationFailure[];
  message?: string;
}

function parseBody<T>(text: string): ResponseBody<T> {
  try {
    return localizeBody(text ? (JSON.parse(text) as ResponseBody<T>) : {}, localizeMessage);
  } catch {
    return {};
  }
}

/**
 * Posts a multipart form with XMLHttpRequest, whose upload events (unlike fetch's) report
 * progress, and answers the response's `result`.
 */
export function uploadForm<T>(
  url: string,
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      const body = parseBody<T>(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        resolve(body.result as T);
        return;
      }
      const failures = body.validationFailures ?? [];
      reject(
        new UploadError(
          failures[0]?.errorMessage ?? body.message ?? request.statusText,
          request.status,
          failures,
        ),
      );
    };
    request.onerror = () => reject(new UploadError(currentMessages().errors.network, 0));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
