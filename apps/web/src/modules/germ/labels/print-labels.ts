import type { LabelRequest } from '@breedwise/contracts/germ';
import { TOKEN_HEADER } from '@breedwise/contracts';
import i18n from '../../../lib/i18n';
import { ApiError } from '../../../lib/request';
import { saveBlob } from '../../../lib/download';
import { useSession } from '../../../lib/session';
import { api } from '../api';

/**
 * Prints labels: the server answers a PDF (a POST of the label request), opened in a new tab and saved
 * when the browser blocks it. The address and method come from the endpoint's definition.
 */
export async function printLabels(body: LabelRequest): Promise<void> {
  const pdf = api.germ.label.pdf;
  const token = useSession.getState().token;
  const res = await fetch(pdf.url(), {
    method: pdf.endpoint.method,
    headers: { 'content-type': 'application/json', 'accept-language': i18n.language || 'zh-CN', ...(token ? { [TOKEN_HEADER]: token } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const err = (await res.json().catch(() => ({}))) as { msg?: string; code?: number; errorCode?: string };
    throw new ApiError(err.msg ?? i18n.t('germ.label.failed'), res.status, err.code, err.errorCode);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const win = window.open(url, '_blank');
  if (!win) saveBlob(blob, `labels-${new Date().toISOString().slice(0, 10)}.pdf`);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
