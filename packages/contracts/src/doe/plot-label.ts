import { z } from 'zod';
import type { Translations } from '../errors';
import { resource } from '../http/endpoint';
import { LabelCode, LabelFormat } from '../label-format';
import { doePermissions as P } from './permissions';

/**
 * Plot labels and stakes of an experiment's saved layout, on A4 sheets or thermal rolls (the shared label
 * formats). The QR code and the Code 128 barcode carry the plot id (unique in the organisation), as the
 * field book's `plot_id`.
 */
export const PLOT_LABEL_FIELDS = ['plotNumber', 'plotId', 'experiment', 'entryNo', 'name', 'rep', 'block', 'position', 'place'] as const;
export type PlotLabelField = (typeof PLOT_LABEL_FIELDS)[number];
export const DEFAULT_PLOT_LABEL_FIELDS: PlotLabelField[] = ['plotNumber', 'experiment', 'entryNo', 'name', 'rep'];

export const PlotLabelRequest = z
  .object({
    id: z.number().int().positive(),
    /** One site (location) of a multi-location trial; empty: every site, site by site. */
    siteId: z.number().int().positive().nullish(),
    fields: z.array(z.enum(PLOT_LABEL_FIELDS)).min(1).max(6),
    code: LabelCode.default('both'),
    labelFormat: LabelFormat.default('roll-50x30'),
    copies: z.number().int().min(1).max(10).default(1),
    /** Plot numbers from and to (both included); empty: every plot. */
    plotFrom: z.number().int().min(0).nullish(),
    plotTo: z.number().int().min(0).nullish(),
    /** Only these reps; empty: every rep. */
    reps: z.array(z.number().int().min(1)).max(100).default([]),
    /** Filler plots get labels too. */
    fillers: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.plotFrom != null && v.plotTo != null && v.plotTo < v.plotFrom)
      ctx.addIssue({
        code: 'custom',
        path: ['plotTo'],
        message: 'end before start',
        params: { errorCode: 'DOE_PLOT_RANGE_ORDER', from: v.plotFrom, to: v.plotTo },
      });
  });
export type PlotLabelRequest = z.input<typeof PlotLabelRequest>;
export type PlotLabelRequestParsed = z.output<typeof PlotLabelRequest>;

/** Field names printed before each value (the first field prints its value only, larger). */
export const plotLabelFieldLabels: Record<PlotLabelField, Translations> = {
  plotNumber: { 'zh-CN': '小区号', en: 'Plot' },
  plotId: { 'zh-CN': '小区标识', en: 'Plot id' },
  experiment: { 'zh-CN': '试验', en: 'Experiment' },
  entryNo: { 'zh-CN': '材料编号', en: 'Entry' },
  name: { 'zh-CN': '名称', en: 'Name' },
  rep: { 'zh-CN': '重复', en: 'Rep' },
  block: { 'zh-CN': '区组', en: 'Block' },
  position: { 'zh-CN': '行/列', en: 'Row/col' },
  place: { 'zh-CN': '地点', en: 'Place' },
};

/** The PDF's title, before the experiment code. */
export const plotLabelTitle: Translations = { 'zh-CN': '小区标签', en: 'Plot labels' };

export const plotLabelFieldNames = {
  fields: { 'zh-CN': '标签字段', en: 'Label fields' },
  plotFrom: { 'zh-CN': '起始小区号', en: 'From plot' },
  plotTo: { 'zh-CN': '结束小区号', en: 'To plot' },
  reps: { 'zh-CN': '重复', en: 'Reps' },
  fillers: { 'zh-CN': '填充小区', en: 'Filler plots' },
  copies: { 'zh-CN': '份数', en: 'Copies' },
  labelFormat: { 'zh-CN': '标签格式', en: 'Label format' },
} satisfies Record<string, Translations>;

/** Plot labels and stakes (under the experiment's base path). */
export const plotLabel = resource(
  { tag: 'doe: experiments', base: '/api/experiment' },
  {
    pdf: {
      method: 'POST',
      path: '/labels',
      permission: P.experimentExport,
      summary:
        'Plot labels and stakes of the saved layout (PDF, A4 sheets or thermal rolls with one label per page): chosen fields, QR code and/or Code 128 carrying the plot id, in planting order',
      body: PlotLabelRequest,
      file: true,
    },
  },
);
