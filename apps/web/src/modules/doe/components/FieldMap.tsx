import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Descriptions, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { CompressOutlined, DownloadOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PlotRow } from '@breedwise/contracts/doe';
import { saveBlob } from '../../../lib/download';
import { CHECK_FILL, FILLER_FILL, MAX_CANVAS, cellAt, edgeBetween, fillOf, fitCell, mapModel } from './field-map-model';

export interface FieldMapProps {
  plots: PlotRow[];
  rows?: number | null;
  cols?: number | null;
  /** File name (without extension) of the PNG export. */
  exportName?: string;
  onPlotClick?(plot: PlotRow): void;
  height?: number;
  testId?: string;
}

const MARGIN = 28;

/**
 * The designed layout as a grid (row 1 at the bottom, as breeders walk the field): plot numbers along
 * the serpentine, reps outlined thick, blocks thin, tier edges dashed, checks and fillers coloured.
 * Zoom with the buttons or Ctrl + wheel; click a plot to see it; export what is drawn as PNG.
 */
export function FieldMap({ plots, rows, cols, exportName = 'field-map', onPlotClick, height = 520, testId = 'field-map' }: FieldMapProps) {
  const { t } = useTranslation();
  const model = useMemo(() => mapModel(plots, { rows, cols }), [plots, rows, cols]);
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [cell, setCell] = useState(24);
  const [selected, setSelected] = useState<PlotRow | null>(null);
  const maxCell = Math.max(2, Math.floor((MAX_CANVAS - MARGIN * 2) / Math.max(model.rows, model.cols, 1)));
  const size = Math.min(cell, maxCell);

  const fit = useCallback(() => {
    const width = box.current?.clientWidth ?? 800;
    setCell(fitCell(width, model.cols, MARGIN));
  }, [model.cols]);
  useEffect(fit, [fit]);

  const draw = useCallback(
    (target: HTMLCanvasElement, scale: number) => {
      const w = model.cols * size + MARGIN * 2;
      const h = model.rows * size + MARGIN * 2;
      target.width = Math.round(w * scale);
      target.height = Math.round(h * scale);
      target.style.width = `${w}px`;
      target.style.height = `${h}px`;
      const g = target.getContext('2d');
      if (!g) return;
      g.setTransform(scale, 0, 0, scale, 0, 0);
      g.fillStyle = '#ffffff';
      g.fillRect(0, 0, w, h);
      const x = (c: number) => MARGIN + (c - 1) * size;
      const y = (r: number) => MARGIN + (model.rows - r) * size;
      const text = size >= 22;
      g.textBaseline = 'top';
      for (const p of model.plots) {
        g.fillStyle = fillOf(p);
        g.fillRect(x(p.col), y(p.row), size, size);
        if (text) {
          g.fillStyle = '#262626';
          g.font = `${Math.min(12, size / 3)}px sans-serif`;
          g.fillText(String(p.plotNumber), x(p.col) + 2, y(p.row) + 2, size - 4);
          if (size >= 40) {
            g.fillStyle = '#595959';
            g.font = `${Math.min(11, size / 4)}px sans-serif`;
            g.fillText(p.name, x(p.col) + 2, y(p.row) + size / 2, size - 4);
          }
        }
      }
      g.strokeStyle = '#bfbfbf';
      g.lineWidth = 0.5;
      for (let r = 0; r <= model.rows; r++) {
        g.beginPath();
        g.moveTo(MARGIN, MARGIN + r * size);
        g.lineTo(MARGIN + model.cols * size, MARGIN + r * size);
        g.stroke();
      }
      for (let c = 0; c <= model.cols; c++) {
        g.beginPath();
        g.moveTo(MARGIN + c * size, MARGIN);
        g.lineTo(MARGIN + c * size, MARGIN + model.rows * size);
        g.stroke();
      }
      const edge = (kind: ReturnType<typeof edgeBetween>, x1: number, y1: number, x2: number, y2: number) => {
        if (!kind) return;
        g.save();
        g.strokeStyle = kind === 'tier' ? '#1677ff' : '#262626';
        g.lineWidth = kind === 'rep' ? 2.5 : kind === 'block' ? 1.2 : 1.5;
        if (kind === 'tier') g.setLineDash([5, 3]);
        g.beginPath();
        g.moveTo(x1, y1);
        g.lineTo(x2, y2);
        g.stroke();
        g.restore();
      };
      for (let r = 1; r <= model.rows; r++) {
        for (let c = 1; c <= model.cols; c++) {
          const p = model.at(r, c);
          if (c < model.cols) edge(edgeBetween(p, model.at(r, c + 1)), x(c + 1), y(r), x(c + 1), y(r) + size);
          if (r < model.rows) edge(edgeBetween(p, model.at(r + 1, c)), x(c), y(r), x(c) + size, y(r));
        }
      }
      g.strokeStyle = '#262626';
      g.lineWidth = 1.5;
      g.strokeRect(MARGIN, MARGIN, model.cols * size, model.rows * size);
      // Row numbers on the left (1 at the bottom), column numbers below.
      g.fillStyle = '#8c8c8c';
      g.font = '10px sans-serif';
      const every = Math.max(1, Math.ceil(14 / size));
      g.textBaseline = 'middle';
      for (let r = 1; r <= model.rows; r += every) g.fillText(String(r), 4, y(r) + size / 2, MARGIN - 6);
      g.textBaseline = 'top';
      for (let c = 1; c <= model.cols; c += every) g.fillText(String(c), x(c) + 2, MARGIN + model.rows * size + 6, Math.max(size, 12));
      if (selected) {
        g.strokeStyle = '#f5222d';
        g.lineWidth = 3;
        g.strokeRect(x(selected.col) + 1.5, y(selected.row) + 1.5, size - 3, size - 3);
      }
    },
    [model, size, selected],
  );

  useEffect(() => {
    if (canvas.current) draw(canvas.current, Math.min(2, window.devicePixelRatio || 1));
  }, [draw]);

  const click = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const at = cellAt(e.clientX - rect.left, e.clientY - rect.top, size, model, MARGIN);
    const plot = at ? model.at(at.row, at.col) : undefined;
    setSelected(plot ?? null);
    if (plot) onPlotClick?.(plot);
  };

  const exportPng = () => {
    const c = document.createElement('canvas');
    draw(c, 2);
    c.toBlob((blob) => blob && saveBlob(blob, `${exportName}.png`), 'image/png');
  };

  const wheel = (e: React.WheelEvent) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    setCell((s) => Math.max(4, Math.min(96, Math.round(s * (e.deltaY < 0 ? 1.2 : 1 / 1.2)))));
  };

  if (!plots.length) return <Empty description={t('doe.map.noLayout')} />;
  return (
    <div className="bw-field-map" data-testid={testId} data-plots={plots.length}>
      <Space wrap style={{ marginBottom: 8, justifyContent: 'space-between', width: '100%' }}>
        <Space wrap size={4}>
          <Tooltip title={t('doe.map.zoomIn')}>
            <Button
              size="small"
              icon={<ZoomInOutlined />}
              onClick={() => setCell((s) => Math.min(96, Math.round(s * 1.25) + 1))}
              aria-label={t('doe.map.zoomIn')}
            />
          </Tooltip>
          <Tooltip title={t('doe.map.zoomOut')}>
            <Button
              size="small"
              icon={<ZoomOutOutlined />}
              onClick={() => setCell((s) => Math.max(4, Math.round(s / 1.25)))}
              aria-label={t('doe.map.zoomOut')}
            />
          </Tooltip>
          <Tooltip title={t('doe.map.fit')}>
            <Button size="small" icon={<CompressOutlined />} onClick={fit} aria-label={t('doe.map.fit')} />
          </Tooltip>
          <Button size="small" icon={<DownloadOutlined />} onClick={exportPng} data-testid="map-png">
            {t('doe.map.png')}
          </Button>
          <Typography.Text type="secondary">{t('doe.map.size', { rows: model.rows, cols: model.cols, plots: plots.length })}</Typography.Text>
        </Space>
        <Space size={4} wrap>
          <Tag color={CHECK_FILL} style={{ color: '#262626' }}>
            {t('doe.map.check')}
          </Tag>
          <Tag color={FILLER_FILL} style={{ color: '#262626' }}>
            {t('doe.map.filler')}
          </Tag>
          <Tag>{t('doe.map.repLine')}</Tag>
          <Tag color="blue">{t('doe.map.tierLine')}</Tag>
          <Typography.Text type="secondary">{t('doe.map.hint')}</Typography.Text>
        </Space>
      </Space>
      <div
        ref={box}
        className="bw-field-map-canvas"
        style={{ maxHeight: height, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6 }}
        onWheel={wheel}
      >
        <canvas ref={canvas} onClick={click} style={{ cursor: 'pointer', display: 'block' }} data-testid={`${testId}-canvas`} />
      </div>
      {selected && (
        <Descriptions size="small" bordered column={{ xs: 2, md: 5 }} style={{ marginTop: 8 }} data-testid="plot-detail">
          <Descriptions.Item label={t('doe.map.plot')}>{selected.plotNumber}</Descriptions.Item>
          <Descriptions.Item label={t('doe.map.plotId')}>{selected.plotId}</Descriptions.Item>
          <Descriptions.Item label={t('doe.map.entry')}>{`${selected.name} (#${selected.entryNo})`}</Descriptions.Item>
          <Descriptions.Item label={t('doe.map.position')}>{t('doe.map.rowCol', { row: selected.row, col: selected.col })}</Descriptions.Item>
          <Descriptions.Item label={t('doe.map.repBlock')}>{`${selected.rep ?? '—'} / ${selected.block ?? '—'} / ${selected.tier}`}</Descriptions.Item>
        </Descriptions>
      )}
    </div>
  );
}
