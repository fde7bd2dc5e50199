import { useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { App, Button, List, Modal, Segmented, Space, Tag, Tooltip, Typography } from 'antd';
import { HistoryOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  checkScaleValue,
  scaleRange,
  scaleRuleText,
  type ObservationCell,
  type StudyGrid,
  type HistoryRow,
  type VariableRow,
} from '@breedwise/contracts/pheno';
import type { Locale } from '@breedwise/contracts';
import { ApiError } from '../../../../lib/request';
import { api } from '../../api';

interface CellState {
  value: string;
  cell: ObservationCell | null;
  /** `pending`: edited in "save per row" mode, saved with the rest of its row. */
  status: 'saved' | 'saving' | 'error' | 'pending';
  error?: string;
}

const keyOf = (plotRef: number, variableId: number) => `${plotRef}:${variableId}`;

type ColourMode = 'none' | 'range' | 'distribution';
/** Five bands, low to high: cool for low values, warm for high ones, plain in the middle. */
export const BAND_COLOURS = ['#bae0ff', '#e6f4ff', '#f6ffed', '#fff1b8', '#ffd591'];

/** A quantile of sorted numbers (linear between order statistics, as R's type 7). */
function quantile(sorted: number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

const numericTrait = (v: VariableRow) => v.scaleType === 'numeric' || v.scaleType === 'percentage';

/**
 * The four edges between the five colour bands of a trait: fifths of its valid range (range mode), or the
 * trial's 10th, 25th, 75th and 90th percentiles (distribution mode, five values at least). Null: no colours.
 */
export function bandEdges(v: VariableRow, mode: ColourMode, values: number[]): number[] | null {
  if (mode === 'none' || !numericTrait(v)) return null;
  if (mode === 'range') {
    const { min, max } = scaleRange(v);
    if (min === null || max === null || !(max > min)) return null;
    return [1, 2, 3, 4].map((k) => min + ((max - min) * k) / 5);
  }
  if (values.length < 5) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return [0.1, 0.25, 0.75, 0.9].map((q) => quantile(sorted, q));
}

/** The band (0 to 4) of a value between the edges. */
export const bandOf = (x: number, edges: number[]) => edges.filter((e) => x > e).length;

const round = (x: number) => String(Math.round(x * 100) / 100);

/**
 * The spreadsheet-like entry grid: plots down, traits across. Arrow keys, Tab and Enter move; typing
 * edits, Enter saves the cell (or, saving per row, keeps it until the row is left or saved: one request for
 * the row's edits), Esc cancels, Delete clears; a block
 * copied from Excel is pasted from the active cell. Values outside the trait's scale are shown in red
 * and the server's refusal is kept on the cell.
 */
export function EntryGrid({ experimentId, grid, editable, onSaved }: { experimentId: number; grid: StudyGrid; editable: boolean; onSaved?(): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const locale = (i18n.language === 'en' ? 'en' : 'zh-CN') as Locale;
  const plots = useMemo(() => grid.plots.filter((p) => p.entryType !== 'filler'), [grid.plots]);
  const traits = grid.traits;
  const [cells, setCells] = useState<Map<string, CellState>>(new Map());
  const [active, setActive] = useState<{ r: number; c: number }>({ r: 0, c: 0 });
  const [editing, setEditingState] = useState<string | null>(null);
  // The value being edited, read by commit: a blur right after Enter must not save the cell twice.
  const editingRef = useRef<string | null>(null);
  const setEditing = (v: string | null) => {
    editingRef.current = v;
    setEditingState(v);
  };
  const [history, setHistory] = useState<{ title: string; rows: HistoryRow[] } | null>(null);
  const [saveMode, setSaveMode] = useState<'cell' | 'row'>('cell');
  const [colourMode, setColourMode] = useState<ColourMode>('none');
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const m = new Map<string, CellState>();
    for (const c of grid.cells) m.set(keyOf(c.plotRef, c.variableId), { value: c.value, cell: c, status: 'saved' });
    setCells(m);
  }, [grid.cells]);

  useEffect(() => {
    box.current?.querySelector(`[data-cell="${active.r}:${active.c}"]`)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  const save = useCallback(
    async (r: number, c: number, raw: string): Promise<boolean> => {
      const plot = plots[r];
      const trait = traits[c];
      if (!plot || !trait) return false;
      const k = keyOf(plot.ref, trait.id);
      const before = cells.get(k);
      if ((before?.value ?? '') === raw.trim() && before?.status === 'saved') return true;
      setCells((m) => new Map(m).set(k, { value: raw.trim(), cell: before?.cell ?? null, status: 'saving' }));
      try {
        const res = await api.pheno.study.observe({ experimentId, plotRef: plot.ref, variableId: trait.id, value: raw.trim() === '' ? null : raw });
        setCells((m) => new Map(m).set(k, { value: res.cell?.value ?? '', cell: res.cell, status: 'saved' }));
        onSaved?.();
        return true;
      } catch (err) {
        setCells((m) => new Map(m).set(k, { value: raw.trim(), cell: before?.cell ?? null, status: 'error', error: (err as Error).message }));
        return false;
      }
    },
    [cells, experimentId, onSaved, plots, traits],
  );

  // The pending edits, read when a row is saved (state updates of the same tick are not visible yet).
  const cellsRef = useRef(cells);
  useEffect(() => {
    cellsRef.current = cells;
  }, [cells]);

  /** Keeps an edit on the cell until its row is saved (the "save per row" mode). */
  const hold = (r: number, c: number, raw: string) => {
    const plot = plots[r];
    const trait = traits[c];
    if (!plot || !trait) return;
    const k = keyOf(plot.ref, trait.id);
    const before = cellsRef.current.get(k);
    if ((before?.value ?? '') === raw.trim() && before?.status !== 'error') return;
    const next = new Map(cellsRef.current).set(k, { value: raw.trim(), cell: before?.cell ?? null, status: 'pending' as const });
    cellsRef.current = next;
    setCells(next);
  };

  /** Saves a row's pending edits with one request (one transaction on the server): all of them, or none. */
  const saveRow = useCallback(
    async (r: number): Promise<{ saved: number; refused: number }> => {
      const plot = plots[r];
      if (!plot) return { saved: 0, refused: 0 };
      const pending = traits
        .map((v) => ({ v, k: keyOf(plot.ref, v.id), s: cellsRef.current.get(keyOf(plot.ref, v.id)) }))
        .filter((x) => x.s?.status === 'pending');
      if (!pending.length) return { saved: 0, refused: 0 };
      setCells((m) => {
        const n = new Map(m);
        for (const x of pending) n.set(x.k, { ...(n.get(x.k) ?? { value: '', cell: null }), status: 'saving', error: undefined });
        return n;
      });
      try {
        const res = await api.pheno.study.observeRow({
          experimentId,
          plotRef: plot.ref,
          values: pending.map((x) => ({ variableId: x.v.id, value: x.s!.value === '' ? null : x.s!.value })),
        });
        setCells((m) => {
          const n = new Map(m);
          pending.forEach((x, i) => n.set(x.k, { value: res.cells[i]?.value ?? '', cell: res.cells[i], status: 'saved' }));
          return n;
        });
        onSaved?.();
        return { saved: pending.length, refused: 0 };
      } catch (err) {
        // The row stays unsaved: each refused value carries its rule, the others wait for the next save.
        const byIndex = new Map<number, string>();
        if (err instanceof ApiError) for (const e of err.errors) byIndex.set(Number(/^values\.(\d+)\./.exec(e.field)?.[1] ?? -1), e.message);
        setCells((m) => {
          const n = new Map(m);
          pending.forEach((x, i) => {
            const msg = byIndex.get(i) ?? (byIndex.size ? undefined : (err as Error).message);
            n.set(x.k, { ...(n.get(x.k) ?? { value: '', cell: null }), status: msg ? 'error' : 'pending', error: msg });
          });
          return n;
        });
        return { saved: 0, refused: pending.length };
      }
    },
    [experimentId, onSaved, plots, traits],
  );

  const move = (dr: number, dc: number) => {
    const next = { r: Math.max(0, Math.min(plots.length - 1, active.r + dr)), c: Math.max(0, Math.min(traits.length - 1, active.c + dc)) };
    // Leaving a row saves its pending edits.
    if (saveMode === 'row' && next.r !== active.r) void saveRow(active.r);
    setActive(next);
  };

  const record = (r: number, c: number, raw: string) => (saveMode === 'row' ? hold(r, c, raw) : void save(r, c, raw));

  const commit = (dr: number, dc: number) => {
    const v = editingRef.current;
    if (v === null) return;
    setEditing(null);
    record(active.r, active.c, v);
    move(dr, dc);
    box.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing !== null) return;
    const k = e.key;
    if (k === 'ArrowDown') move(1, 0);
    else if (k === 'ArrowUp') move(-1, 0);
    else if (k === 'ArrowRight') move(0, 1);
    else if (k === 'ArrowLeft') move(0, -1);
    else if (k === 'Tab') move(0, e.shiftKey ? -1 : 1);
    else if ((k === 'Enter' || k === 'F2') && editable) {
      const plot = plots[active.r];
      const trait = traits[active.c];
      setEditing(plot && trait ? (cells.get(keyOf(plot.ref, trait.id))?.value ?? '') : '');
    } else if ((k === 'Delete' || k === 'Backspace') && editable) record(active.r, active.c, '');
    else if (k === 's' && (e.ctrlKey || e.metaKey) && editable && saveMode === 'row') void saveRow(active.r);
    else if (k.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && editable) setEditing(k);
    else return;
    e.preventDefault();
  };

  const onPaste = async (e: ClipboardEvent<HTMLDivElement>) => {
    if (editing !== null || !editable) return;
    const text = e.clipboardData.getData('text/plain');
    if (!text) return;
    e.preventDefault();
    const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
    const jobs: [number, number, string][] = [];
    lines.forEach((line, i) =>
      line.split('\t').forEach((v, j) => {
        if (active.r + i < plots.length && active.c + j < traits.length) jobs.push([active.r + i, active.c + j, v]);
      }),
    );
    let saved = 0;
    let refused = 0;
    if (saveMode === 'row') {
      // Per row: the pasted cells of each row go in one request.
      for (const [r, c, v] of jobs) hold(r, c, v);
      for (const r of [...new Set(jobs.map(([r]) => r))]) {
        const done = await saveRow(r);
        saved += done.saved;
        refused += done.refused;
      }
      void message.info(t('pheno.study.grid.pasted', { saved, refused }));
      return;
    }
    for (let i = 0; i < jobs.length; i += 4) {
      const results = await Promise.all(jobs.slice(i, i + 4).map(([r, c, v]) => save(r, c, v)));
      saved += results.filter(Boolean).length;
      refused += results.filter((ok) => !ok).length;
    }
    void message.info(t('pheno.study.grid.pasted', { saved, refused }));
  };

  const showHistory = async () => {
    const plot = plots[active.r];
    const trait = traits[active.c];
    const c = plot && trait ? cells.get(keyOf(plot.ref, trait.id))?.cell : null;
    const rows = c ? await api.pheno.study.history({ observationId: c.id }) : [];
    setHistory({ title: t('pheno.study.grid.historyTitle', { plot: plot?.plotId, trait: trait?.code }), rows });
  };

  const edges = useMemo(() => {
    const out = new Map<number, number[] | null>();
    for (const v of traits) {
      const values: number[] = [];
      if (colourMode === 'distribution') {
        for (const p of plots) {
          const s = cells.get(keyOf(p.ref, v.id));
          if (!s || s.value === '' || s.cell?.excluded) continue;
          const check = checkScaleValue(v, s.value);
          if (check.ok && check.numeric !== null) values.push(check.numeric);
        }
      }
      out.set(v.id, bandEdges(v, colourMode, values));
    }
    return out;
  }, [cells, colourMode, plots, traits]);

  if (!traits.length) return <Typography.Text type="secondary">{t('pheno.study.grid.noTraits')}</Typography.Text>;
  const activeTrait = traits[active.c];
  const activeEdges = activeTrait ? edges.get(activeTrait.id) : null;
  const pendingCount = [...cells.values()].filter((c) => c.status === 'pending').length;
  const filled = [...cells.values()].filter((c) => c.value !== '').length;
  const th = {
    position: 'sticky' as const,
    top: 0,
    background: 'var(--ant-color-fill-secondary, #fafafa)',
    zIndex: 1,
    padding: '6px 8px',
    textAlign: 'left' as const,
    whiteSpace: 'nowrap' as const,
    borderBottom: '1px solid #f0f0f0',
  };
  const td = { padding: '4px 8px', borderBottom: '1px solid #f0f0f0', whiteSpace: 'nowrap' as const };
  return (
    <div>
      <Space wrap style={{ marginBottom: 8, justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text type="secondary">{t('pheno.study.grid.help')}</Typography.Text>
        <Space wrap>
          <Segmented
            size="small"
            value={saveMode}
            onChange={(v) => setSaveMode(v as 'cell' | 'row')}
            data-testid="grid-save-mode"
            options={[
              { value: 'cell', label: t('pheno.study.grid.savePerCell') },
              { value: 'row', label: t('pheno.study.grid.savePerRow') },
            ]}
          />
          {saveMode === 'row' && (
            <Button
              size="small"
              type="primary"
              icon={<SaveOutlined />}
              disabled={!pendingCount}
              onClick={() => void saveRow(active.r)}
              data-testid="grid-save-row"
            >
              {t('pheno.study.grid.saveRow', { count: pendingCount })}
            </Button>
          )}
          <Segmented
            size="small"
            value={colourMode}
            onChange={(v) => setColourMode(v as ColourMode)}
            data-testid="grid-colour-mode"
            options={(['none', 'range', 'distribution'] as const).map((m) => ({ value: m, label: t(`pheno.study.grid.colour.${m}`) }))}
          />
          <Tag color="red">{t('pheno.study.grid.legendOut')}</Tag>
          <Tag>{t('pheno.study.grid.legendExcluded')}</Tag>
          {saveMode === 'row' && <Tag color="blue">{t('pheno.study.grid.legendPending')}</Tag>}
          <Typography.Text data-testid="grid-filled">{t('pheno.study.grid.filled', { filled, total: plots.length * traits.length })}</Typography.Text>
          <Button size="small" icon={<HistoryOutlined />} onClick={showHistory} data-testid="grid-history">
            {t('pheno.study.grid.history')}
          </Button>
        </Space>
      </Space>
      {colourMode !== 'none' && activeTrait && (
        <Space wrap size={4} style={{ marginBottom: 8 }} data-testid="grid-colour-legend">
          <Typography.Text type="secondary">{t(`pheno.study.grid.colour.legend.${colourMode}`, { trait: activeTrait.code })}</Typography.Text>
          {activeEdges ? (
            BAND_COLOURS.map((colour, i) => {
              const from = i === 0 ? (colourMode === 'range' ? scaleRange(activeTrait).min : null) : activeEdges[i - 1];
              const to = i === 4 ? (colourMode === 'range' ? scaleRange(activeTrait).max : null) : activeEdges[i];
              const text = from === null ? `< ${round(to!)}` : to === null ? `> ${round(from)}` : `${round(from)} – ${round(to)}`;
              return (
                <Tooltip key={colour} title={t(`pheno.study.grid.colour.band${i}`)}>
                  <span
                    data-testid={`legend-band-${i}`}
                    style={{
                      display: 'inline-block',
                      padding: '0 8px',
                      background: colour,
                      border: '1px solid #d9d9d9',
                      borderRadius: 4,
                      fontSize: 12,
                      lineHeight: '20px',
                    }}
                  >
                    {text}
                  </span>
                </Tooltip>
              );
            })
          ) : (
            <Typography.Text type="secondary" data-testid="legend-none">
              {t(`pheno.study.grid.colour.unavailable.${colourMode}`)}
            </Typography.Text>
          )}
        </Space>
      )}
      <div
        ref={box}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        data-testid="entry-grid"
        style={{ maxHeight: 'calc(100vh - 330px)', minHeight: 240, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, outline: 'none' }}
      >
        <table style={{ borderCollapse: 'separate', borderSpacing: 0, width: '100%', fontSize: 13 }}>
          <thead>
            <tr>
              <th style={{ ...th, left: 0, zIndex: 2 }}>{t('pheno.study.grid.plot')}</th>
              <th style={th}>{t('pheno.study.grid.rep')}</th>
              <th style={th}>{t('pheno.study.grid.block')}</th>
              <th style={th}>{t('pheno.study.grid.entry')}</th>
              {traits.map((v) => (
                <th key={v.id} style={{ ...th, minWidth: 110 }} title={v.name}>
                  {v.code}
                  {v.unit ? <Typography.Text type="secondary"> ({v.unit})</Typography.Text> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {plots.map((p, r) => (
              <tr key={p.ref}>
                <td style={{ ...td, position: 'sticky', left: 0, background: 'var(--ant-color-bg-container, #fff)' }}>{p.plotId}</td>
                <td style={td}>{p.rep ?? ''}</td>
                <td style={td}>{p.block ?? ''}</td>
                <td style={td}>
                  {p.entryNo} {p.name}
                </td>
                {traits.map((v, c) => {
                  const s = cells.get(keyOf(p.ref, v.id));
                  const isActive = active.r === r && active.c === c;
                  const check = s && s.value !== '' ? checkScaleValue(v, s.value) : null;
                  const bad = s?.status === 'error' || (check && !check.ok);
                  const e = edges.get(v.id);
                  const band = !bad && e && check?.ok && check.numeric !== null && !s?.cell?.excluded ? bandOf(check.numeric, e) : null;
                  const title =
                    s?.status === 'error'
                      ? s.error
                      : check && !check.ok
                        ? scaleRuleText(check, locale)
                        : s?.cell?.excluded
                          ? (s.cell.excludeReason ?? '')
                          : undefined;
                  return (
                    <td
                      key={v.id}
                      data-cell={`${r}:${c}`}
                      data-testid={`cell-${p.plotId}-${v.code}`}
                      data-state={bad ? 'bad' : (s?.status ?? 'empty')}
                      data-band={band ?? undefined}
                      title={title}
                      onClick={() => {
                        if (editing !== null && !isActive) commit(0, 0);
                        if (saveMode === 'row' && r !== active.r) void saveRow(active.r);
                        setActive({ r, c });
                        box.current?.focus();
                      }}
                      onDoubleClick={() => editable && setEditing(s?.value ?? '')}
                      style={{
                        ...td,
                        cursor: 'cell',
                        outline: isActive ? '2px solid #1677ff' : undefined,
                        outlineOffset: -2,
                        background: bad
                          ? '#fff1f0'
                          : s?.status === 'saving'
                            ? '#fffbe6'
                            : s?.status === 'pending'
                              ? '#e6f4ff'
                              : band !== null
                                ? BAND_COLOURS[band]
                                : undefined,
                        boxShadow: s?.status === 'pending' ? 'inset 3px 0 0 #1677ff' : undefined,
                        color: bad ? '#cf1322' : s?.cell?.excluded ? '#999' : undefined,
                        textDecoration: s?.cell?.excluded ? 'line-through' : undefined,
                      }}
                    >
                      {isActive && editing !== null ? (
                        <input
                          autoFocus
                          value={editing}
                          data-testid="grid-input"
                          onChange={(e) => setEditing(e.target.value)}
                          onKeyDown={(e) => {
                            e.stopPropagation();
                            if (e.key === 'Enter' || e.key === 'ArrowDown') commit(1, 0);
                            else if (e.key === 'ArrowUp') commit(-1, 0);
                            else if (e.key === 'Tab') commit(0, e.shiftKey ? -1 : 1);
                            else if (e.key === 'Escape') {
                              setEditing(null);
                              box.current?.focus();
                            } else return;
                            e.preventDefault();
                          }}
                          onBlur={() => commit(0, 0)}
                          style={{ width: '100%', border: 'none', outline: 'none', background: 'transparent', font: 'inherit', padding: 0 }}
                        />
                      ) : (
                        (s?.value ?? '')
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Modal open={!!history} title={history?.title} footer={null} onCancel={() => setHistory(null)} destroyOnHidden>
        <List
          size="small"
          locale={{ emptyText: t('pheno.study.grid.noHistory') }}
          dataSource={history?.rows ?? []}
          renderItem={(h) => (
            <List.Item>
              <Space>
                <Typography.Text strong>{h.value ?? ''}</Typography.Text>
                <Tag>{h.source}</Tag>
                <Typography.Text type="secondary">
                  {h.person ?? ''} {h.observedAt?.slice(0, 16).replace('T', ' ')}
                </Typography.Text>
                <Typography.Text type="secondary">
                  → {h.changedBy ?? ''} {h.changedAt.slice(0, 16).replace('T', ' ')}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      </Modal>
    </div>
  );
}
