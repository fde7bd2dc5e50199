import { TOKEN_HEADER } from '@breedwise/contracts';
import i18n from '../../../lib/i18n';
import { ApiError } from '../../../lib/request';
import { useSession } from '../../../lib/session';
import { fileNameFrom, saveBlob } from '../../../lib/download';

/**
 * Sends a multipart form with several named files (the dataset form: `phenotype` and `genotype`) with
 * upload progress; the files go after the text fields, as the server reads them.
 */
export function uploadForm<T>(
  url: string,
  fields: Record<string, string>,
  files: Record<string, File>,
  onProgress?: (percent: number) => void,
): { promise: Promise<T>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const [k, f] of Object.entries(files)) form.append(k, f, f.name);
    xhr.open('POST', url);
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
      if (xhr.status < 300 && body?.code === 0) resolve(body.data as T);
      else reject(new ApiError(body?.msg || i18n.t('upload.unknownError'), xhr.status, body?.code, body?.errorCode));
    };
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/** Downloads a file an endpoint answers (GET or POST), saved under the server's name. */
export async function download(url: string, method: 'GET' | 'POST', fallbackName: string): Promise<void> {
  const token = useSession.getState().token;
  const res = await fetch(url, { method, headers: { ...(token ? { [TOKEN_HEADER]: token } : {}), 'accept-language': i18n.language || 'zh-CN' } });
  if (!res.ok) {
    let msg = i18n.t('io.downloadFail');
    try {
      msg = ((await res.json()) as { msg?: string }).msg ?? msg;
    } catch {
      /* not JSON */
    }
    throw new ApiError(msg, res.status, undefined, undefined);
  }
  saveBlob(await res.blob(), fileNameFrom(res.headers.get('content-disposition')) ?? fallbackName);
}
