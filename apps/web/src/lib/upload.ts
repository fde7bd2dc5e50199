import { TOKEN_HEADER, type Endpoint, type EndpointOutput } from '@breedwise/contracts';
import i18n from './i18n';
import { ApiError } from './request';
import { useSession } from './session';

/**
 * A multipart endpoint of a typed client (`platformApi.common.file.upload`): where to send, and, through
 * its definition, what it answers. A module not yet on its definitions passes `{url: () => '/api/...'}`.
 */
export interface UploadTarget<E extends Endpoint = Endpoint> {
  url(): string;
  readonly endpoint?: E;
}

/**
 * Sends a file to an upload endpoint with progress (multipart: the text fields first, then `file`).
 * XMLHttpRequest, because fetch cannot report upload progress.
 */
export function uploadFile<E extends Endpoint>(
  target: UploadTarget<E>,
  file: File | Blob,
  fields: Record<string, string>,
  onProgress?: (percent: number) => void,
  fileName?: string,
): { promise: Promise<EndpointOutput<E>>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<EndpointOutput<E>>((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file, fileName ?? (file as File).name ?? 'file');
    xhr.open('POST', target.url());
    const token = useSession.getState().token;
    if (token) xhr.setRequestHeader(TOKEN_HEADER, token);
    xhr.setRequestHeader('accept-language', i18n.language || 'zh-CN');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(Math.round((e.loaded / e.total) * 100));
    xhr.onerror = () => reject(new ApiError(i18n.t('request.noResponse'), undefined, undefined, 'NO_RESPONSE'));
    xhr.onabort = () => reject(new ApiError(i18n.t('upload.interrupted'), undefined, undefined, 'ABORTED'));
    xhr.onload = () => {
      let body: { code?: number; msg?: string; data?: unknown; errorCode?: string } | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status < 300 && body?.code === 0) resolve(body.data as EndpointOutput<E>);
      else reject(new ApiError(body?.msg || i18n.t('upload.unknownError'), xhr.status, body?.code, body?.errorCode));
    };
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
