import { useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { App, Button, List, Modal, Space, Tag, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@breedwise/contracts';
import type { SurveyCell, SurveyEntry, SurveyGrid as Grid, SurveyHistoryRow } from '@breedwise/contracts/nursery';
import { checkScaleValue, scaleRuleText } from '@breedwise/contracts/pheno';
import { api } from '../../api';

interface CellState {
  value: string;
  cell: SurveyCell | null;
  status: 'saved' | 'saving' | 'error';
  error?: string;
}

const keyOf = (entryId: number, variableId: number) => `${entryId}:${variableId}`;

/** Sorts by a trait: numbers by value, other values as text, empty cells last. */
function compareBy(cells: Map<string, CellState>, variableId: number, dir: 1 | -1) {
  return (a: SurveyEntry, b: SurveyEntry) => {
    const x = cells.get(keyOf(a.id, variableId));
    const y = cells.get(keyOf(b.id, variableId));
    const xv = x?.value ?? '';
    const yv = y?.value ?? '';
    if (xv === '' || yv === '') return xv === yv ? a.entryNo - b.entryNo : xv === '' ? 1 : -1;
    const xn = x?.cell?.numeric ?? Number.NaN;
    const yn = y?.cell?.numeric ?? Number.NaN;
    const c = Number.isFinite(xn) && Number.isFinite(yn) ? xn - yn : xv.localeCompare(yv);
    return c === 0 ? a.entryNo - b.entryNo : c * dir;
  };
}

/**
 * The survey grid (the pheno entry grid's behaviour on nursery entries): entries down, traits across.
 * Arrow keys, Tab and Enter move; typing edits, Enter saves the cell (each cell on its own), Esc cancels,
 * Delete clears; a block copied from Excel is pasted from the active cell. Values outside the trait's
 * scale are shown in red with the server's refusal. A click on a trait's heading sorts the entries by it.
 */
export function SurveyGrid({ grid, editable, onSaved }: { grid: Grid; editable: boolean; onSaved?(): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const locale = (i18n.language === 'en' ? 'en' : 'zh-CN') as Locale;
  const traits = grid.traits;
  const [cells, setCells] = useState<Map<string, CellState>>(new Map());
  const [sort, setSort] = useState<{ variableId: number; dir: 1 | -1 } | null>(null);
  const entries = useMemo(
    () => (sort ? [...grid.entries].sort(compareBy(cells, sort.variableId, sort.dir)) : grid.entries),
    // Sorted when the order is asked for or the data reloads, not on every keystroke's save.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [grid.entries, sort],
  );
  const [active, setActive] = useState<{ r: number; c: number }>({ r: 0, c: 0 });
  const [editing, setEditingState] = useState<string | null>(null);
  const editingRef = useRef<string | null>(null);
  const setEditing = (v: string | null) => {
    editingRef.current = v;
    setEditingState(v);
  };
  const [history, setHistory] = useState<{ title: string; rows: SurveyHistoryRow[] } | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const m = new Map<string, CellState>();
    for (const c of grid.cells) m.set(keyOf(c.entryId, c.variableId), { value: c.value, cell: c, status: 'saved' });
    setCells(m);
  }, [grid.cells]);

  useEffect(() => {
    box.current?.querySelector(`[data-cell="${active.r}:${active.c}"]`)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  const save = useCallback(
    async (r: number, c: number, raw: string): Promise<boolean> => {
      const entry = entries[r];
      const trait = traits[c];
      if (!entry || !trait) return false;
      const k = keyOf(entry.id, trait.id);
      const before = cells.get(k);
      if ((before?.value ?? '') === raw.trim() && before?.status === 'saved') return true;
      setCells((m) => new Map(m).set(k, { value: raw.trim(), cell: before?.cell ?? null, status: 'saving' }));
      try {
        const res = await api.nursery.survey.observe({
          activityId: grid.activityId,
          entryId: entry.id,
          variableId: trait.id,
          value: raw.trim() === '' ? null : raw,
        });
        setCells((m) => new Map(m).set(k, { value: res.cell?.value ?? '', cell: res.cell, status: 'saved' }));
        onSaved?.();
        return true;
      } catch (err) {
        setCells((m) => new Map(m).set(k, { value: raw.trim(), cell: before?.cell ?? null, status: 'error', error: (err as Error).message }));
        return false;
      }
    },
    [cells, entries, grid.activityId, onSaved, traits],
  );

  const move = (dr: number, dc: number) =>
    setActive((a) => ({ r: Math.max(0, Math.min(entries.length - 1, a.r + dr)), c: Math.max(0, Math.min(traits.length - 1, a.c + dc)) }));

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
      const entry = entries[active.r];
      const trait = traits[active.c];
      setEditing(entry && trait ? (cells.get(keyOf(entry.id, trait.id))?.value ?? '') : '');
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
        if (active.r + i < entries.length && active.c + j < traits.length) jobs.push([active.r + i, active.c + j, v]);
      }),
    );
    let saved = 0;
    let refused = 0;
    for (let i = 0; i < jobs.length; i += 4) {
      const results = await Promise.all(jobs.slice(i, i + 4).map(([r, c, v]) => save(r, c, v)));
      saved += results.filter(Boolean).length;
      refused += results.filter((ok) => !ok).length;
    }
    void message.info(t('nursery.survey.pasted', { saved, refused }));
  };

  const showHistory = async () => {
    const entry = entries[active.r];
    const trait = traits[active.c];
    const c = entry && trait ? cells.get(keyOf(entry.id, trait.id))?.cell : null;
    const rows = c ? await api.nursery.survey.history({ surveyId: c.id }) : [];
    setHistory({ title: t('nursery.survey.historyTitle', { entry: entry?.materialNo, trait: trait?.code }), rows });
  };

  if (!traits.length) return <Typography.Text type="secondary">{t('nursery.survey.noTraits')}</Typography.Text>;
  if (!entries.length) return <Typography.Text type="secondary">{t('nursery.survey.noEntries')}</Typography.Text>;
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
  const arrow = (id: number) => (sort?.variableId === id ? (sort.dir === 1 ? ' ▲' : ' ▼') : '');
  return (
    <div>
      <Space wrap style={{ marginBottom: 8, justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text type="secondary">{editable ? t('nursery.survey.help') : t('nursery.survey.readOnly')}</Typography.Text>
        <Space>
          <Tag color="red">{t('nursery.survey.legendOut')}</Tag>
          <Typography.Text data-testid="survey-filled">{t('nursery.survey.filled', { filled, total: entries.length * traits.length })}</Typography.Text>
          <Button size="small" icon={<HistoryOutlined />} onClick={showHistory} data-testid="survey-history">
            {t('nursery.survey.history')}
          </Button>
        </Space>
      </Space>
      <div
        ref={box}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        data-testid="survey-grid"
        style={{ maxHeight: 'calc(100vh - 360px)', minHeight: 240, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, outline: 'none' }}
      >
        <table style={{ borderCollapse: 'separate', borderSpacing: 0, width: '100%', fontSize: 13 }}>
          <thead>
            <tr>
              <th style={{ ...th, left: 0, zIndex: 2 }}>{t('nursery.entry.materialNo')}</th>
              <th style={th}>{t('nursery.entry.name')}</th>
              <th style={th}>{t('nursery.entry.generation')}</th>
              <th style={th}>{t('nursery.entry.plotNo')}</th>
              {traits.map((v) => (
                <th
                  key={v.id}
                  style={{ ...th, minWidth: 110, cursor: 'pointer' }}
                  title={`${v.name} · ${t('nursery.survey.sortHint')}`}
                  data-testid={`survey-sort-${v.code}`}
                  onClick={() => setSort((s) => (s?.variableId === v.id ? (s.dir === 1 ? { variableId: v.id, dir: -1 } : null) : { variableId: v.id, dir: 1 }))}
                >
                  {v.code}
                  {v.unit ? <Typography.Text type="secondary"> ({v.unit})</Typography.Text> : null}
                  {arrow(v.id)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((e, r) => (
              <tr key={e.id}>
                <td style={{ ...td, position: 'sticky', left: 0, background: 'var(--ant-color-bg-container, #fff)' }}>{e.materialNo}</td>
                <td style={{ ...td, maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' }} title={e.pedigree ?? undefined}>
                  {e.name}
                </td>
                <td style={td}>{e.generation}</td>
                <td style={td}>{e.plotNo}</td>
                {traits.map((v, c) => {
                  const s = cells.get(keyOf(e.id, v.id));
                  const isActive = active.r === r && active.c === c;
                  const check = s && s.value !== '' ? checkScaleValue(v, s.value) : null;
                  const bad = s?.status === 'error' || (check && !check.ok);
                  const title = s?.status === 'error' ? s.error : check && !check.ok ? scaleRuleText(check, locale) : undefined;
                  return (
                    <td
                      key={v.id}
                      data-cell={`${r}:${c}`}
                      data-testid={`survey-cell-${e.materialNo}-${v.code}`}
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
                        color: bad ? '#cf1322' : undefined,
                      }}
                    >
                      {isActive && editing !== null ? (
                        <input
                          autoFocus
                          value={editing}
                          data-testid="survey-input"
                          onChange={(ev) => setEditing(ev.target.value)}
                          onKeyDown={(ev) => {
                            ev.stopPropagation();
                            if (ev.key === 'Enter' || ev.key === 'ArrowDown') commit(1, 0);
                            else if (ev.key === 'ArrowUp') commit(-1, 0);
                            else if (ev.key === 'Tab') commit(0, ev.shiftKey ? -1 : 1);
                            else if (ev.key === 'Escape') {
                              setEditing(null);
                              box.current?.focus();
                            } else return;
                            ev.preventDefault();
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
          locale={{ emptyText: t('nursery.survey.noHistory') }}
          dataSource={history?.rows ?? []}
          renderItem={(h) => (
            <List.Item>
              <Space>
                <Typography.Text strong>{h.value ?? ''}</Typography.Text>
                <Tag>{t(`nursery.survey.sources.${h.source}`)}</Tag>
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
