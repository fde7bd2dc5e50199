import { zip } from 'fflate';
import { TOKEN_HEADER } from '@breedwise/contracts';
import i18n from './i18n';
import { ApiError, buildQuery } from './request';
import { useSession } from './session';

/** A name safe on every file system: no paths, controls or reserved characters. */
export function safeFileName(name: string, fallback = 'download'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .map((ch) => (ch.charCodeAt(0) < 32 ? '_' : ch))
    .join('')
    .replace(/["<>:|?*]/g, '_')
    .replace(/^\.+/, '')
    .trim();
  return (cleaned || fallback).slice(0, 200);
}

/** The file name a response announces (RFC 6266: `filename*` wins over `filename`). */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : null;
}

function authHeaders(): Record<string, string> {
  const token = useSession.getState().token;
  return { ...(token ? { [TOKEN_HEADER]: token } : {}), 'accept-language': i18n.language || 'zh-CN' };
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = safeFileName(name);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type DownloadOutcome = { kind: 'file'; name: string } | { kind: 'task'; taskId: number };

/**
 * GETs a file as a blob and saves it under the name the server gives. An endpoint may instead answer
 * `{code: 0, data: {taskId}}` (a large export running as a task): that is returned for the caller.
 */
export async function downloadBlob(url: string, params: Record<string, unknown> = {}, fallbackName = 'download'): Promise<DownloadOutcome> {
  const res = await fetch(`/api${url}${buildQuery(params)}`, { headers: authHeaders() });
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const body = (await res.json()) as { code?: number; msg?: string; errorCode?: string; data?: { taskId?: number } };
    if (res.ok && body.code === 0 && body.data?.taskId) return { kind: 'task', taskId: body.data.taskId };
    throw new ApiError(body.msg ?? i18n.t('io.downloadFail'), res.status, body.code, body.errorCode);
  }
  if (!res.ok) throw new ApiError(i18n.t('io.downloadFail'), res.status, undefined, undefined);
  const name = safeFileName(fileNameFrom(res.headers.get('content-disposition')) ?? fallbackName, fallbackName);
  saveBlob(await res.blob(), name);
  return { kind: 'file', name };
}

/** Fetches several files and saves them as one zip (level 9), e.g. the spec's {fvName, fvUrl} lists. */
export async function zipDownload(
  items: { fvName: string; fvUrl: string }[],
  zipName: string,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  const files: Record<string, Uint8Array> = {};
  const used = new Set<string>();
  let done = 0;
  for (const item of items) {
    const res = await fetch(item.fvUrl, { headers: item.fvUrl.startsWith('/api/') ? authHeaders() : {} });
    if (!res.ok) throw new Error(i18n.t('download.compressFailed'));
    let name = safeFileName(item.fvName);
    for (let n = 2; used.has(name); n++) name = safeFileName(item.fvName).replace(/(\.[^.]*)?$/, ` (${n})$1`);
    used.add(name);
    files[name] = new Uint8Array(await res.arrayBuffer());
    onProgress?.(++done, items.length);
  }
  const data = await new Promise<Uint8Array>((resolve, reject) =>
    zip(files, { level: 9 }, (err, out) => (err ? reject(new Error(i18n.t('download.compressFailed'))) : resolve(out))),
  );
  saveBlob(new Blob([data as BlobPart], { type: 'application/zip' }), zipName.endsWith('.zip') ? zipName : `${zipName}.zip`);
}

/**
 * POSTs a JSON body to a file endpoint (label PDFs) and opens the PDF it answers in a new tab, saved
 * instead when the browser blocks the tab. A refusal throws an ApiError with the server's message.
 */
export async function openPostedPdf(url: string, body: unknown, fallbackName: string): Promise<void> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...authHeaders() }, body: JSON.stringify(body) });
  if (!res.ok) {
    const err = (await res.json().catch(() => ({}))) as { msg?: string; code?: number; errorCode?: string };
    throw new ApiError(err.msg ?? i18n.t('io.downloadFail'), res.status, err.code, err.errorCode);
  }
  const blob = await res.blob();
  const name = safeFileName(fileNameFrom(res.headers.get('content-disposition')) ?? fallbackName, fallbackName);
  const link = URL.createObjectURL(blob);
  const win = window.open(link, '_blank');
  if (!win) saveBlob(blob, name);
  setTimeout(() => URL.revokeObjectURL(link), 60_000);
}
