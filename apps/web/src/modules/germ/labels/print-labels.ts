import type { LabelRequest } from '@breedwise/contracts/germ';
import { openPostedPdf } from '../../../lib/download';
import { api } from '../api';

/** Prints labels: the server answers a PDF (a POST of the label request), opened in a new tab. */
export function printLabels(body: LabelRequest): Promise<void> {
  return openPostedPdf(api.germ.label.pdf.url(), body, `labels-${new Date().toISOString().slice(0, 10)}.pdf`);
}
