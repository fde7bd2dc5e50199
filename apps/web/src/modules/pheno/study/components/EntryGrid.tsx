import { useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { App, Button, List, Modal, Space, Tag, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { checkScaleValue, scaleRuleText, type ObservationCell, type StudyGrid, type HistoryRow } from '@breedwise/contracts/pheno';
import type { Locale } from '@breedwise/contracts';
import { api } from '../../api';

interface CellState {
  value: string;
  cell: ObservationCell | null;
  status: 'saved' | 'saving' | 'error';
  error?: string;
}

const keyOf = (plotRef: number, variableId: number) => `${plotRef}:${variableId}`;

/**
 * The spreadsheet-like entry grid: plots down, traits across. Arrow keys, Tab and Enter move; typing
 * edits, Enter saves the cell (each cell is saved on its own), Esc cancels, Delete clears; a block
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

  const move = (dr: number, dc: number) =>
    setActive((a) => ({ r: Math.max(0, Math.min(plots.length - 1, a.r + dr)), c: Math.max(0, Math.min(traits.length - 1, a.c + dc)) }));

  const commit = (dr: number, dc: number) => {
    const v = editingRef.current;
    if (v === null) return;
    setEditing(null);
    void save(active.r, active.c, v);
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
    } else if ((k === 'Delete' || k === 'Backspace') && editable) void save(active.r, active.c, '');
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

  if (!traits.length) return <Typography.Text type="secondary">{t('pheno.study.grid.noTraits')}</Typography.Text>;
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
        <Space>
          <Tag color="red">{t('pheno.study.grid.legendOut')}</Tag>
          <Tag>{t('pheno.study.grid.legendExcluded')}</Tag>
          <Typography.Text data-testid="grid-filled">{t('pheno.study.grid.filled', { filled, total: plots.length * traits.length })}</Typography.Text>
          <Button size="small" icon={<HistoryOutlined />} onClick={showHistory} data-testid="grid-history">
            {t('pheno.study.grid.history')}
          </Button>
        </Space>
      </Space>
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
                      title={title}
                      onClick={() => {
                        if (editing !== null && !isActive) commit(0, 0);
                        setActive({ r, c });
                        box.current?.focus();
                      }}
                      onDoubleClick={() => editable && setEditing(s?.value ?? '')}
                      style={{
                        ...td,
                        cursor: 'cell',
                        outline: isActive ? '2px solid #1677ff' : undefined,
                        outlineOffset: -2,
                        background: bad ? '#fff1f0' : s?.status === 'saving' ? '#fffbe6' : undefined,
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
