import type { ReactNode } from 'react';
import { App, Button, Dropdown, Popconfirm, Space, Tooltip } from 'antd';
import { DeleteOutlined, MoreOutlined } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';

/** One action of a row: a text link, or, with `iconOnly`, an icon with the label as its tooltip and name. */
export interface RowActionItem {
  key: string;
  label: ReactNode;
  /** Plain text of the label (for the width estimate and the icon's tooltip) when `label` is not a string. */
  text?: string;
  icon?: ReactNode;
  iconOnly?: boolean;
  danger?: boolean;
  disabled?: boolean;
  /** Asks before acting (Popconfirm). */
  confirm?: ReactNode;
  onClick(): unknown;
  testId?: string;
}

/** Links shown in the row before the rest go into the "more" menu. */
export const INLINE_ACTIONS = 2;

const textOf = (a: Pick<RowActionItem, 'label' | 'text'>) => a.text ?? (typeof a.label === 'string' ? a.label : '');

/** Approximate rendered width of a text at 14 px: CJK characters are square, Latin ones about half. */
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += ch.charCodeAt(0) > 0x2e80 ? 14 : 7.6;
  return Math.ceil(w);
}

/**
 * The width of an actions column that shows these actions: each link is its text plus the small
 * button's padding, an icon is 24 px, the cell adds its own padding. Tables stay compact instead of
 * reserving 200 px for three words.
 */
export function actionsWidth(items: Pick<RowActionItem, 'label' | 'text' | 'iconOnly' | 'icon'>[], inline = INLINE_ACTIONS): number {
  const links = items.filter((a) => !a.iconOnly);
  const icons = items.filter((a) => a.iconOnly);
  const shown = links.slice(0, inline);
  const more = links.length > inline ? 1 : 0;
  const linkWidth = shown.reduce((w, a) => w + textWidth(textOf(a)) + 14 + (a.icon ? 20 : 0), 0);
  return Math.max(64, linkWidth + (icons.length + more) * 26 + 26);
}

/** The actions column of a table: compact, fixed right, as wide as its actions need. */
export function actionsColumn<T>(title: string, widthOf: RowActionItem[], render: (row: T) => ReactNode): ColumnType<T> {
  return { title, key: 'actions', fixed: 'right', width: actionsWidth(widthOf), render: (_: unknown, row: T) => render(row) };
}

/**
 * A row's actions, compact: the first `inline` text actions as links, the others in a "more" menu
 * opened by click, icon actions (delete) as icons with a tooltip. Confirmed actions ask first.
 */
export function RowActions({ items, inline = INLINE_ACTIONS }: { items: RowActionItem[]; inline?: number }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const links = items.filter((a) => !a.iconOnly);
  const icons = items.filter((a) => a.iconOnly);
  const shown = links.slice(0, inline);
  const more = links.slice(inline);
  const button = (a: RowActionItem) => {
    const text = textOf(a);
    const b = (
      <Button
        type="link"
        size="small"
        danger={a.danger}
        disabled={a.disabled}
        icon={a.icon}
        aria-label={a.iconOnly ? text : undefined}
        onClick={a.confirm ? undefined : () => a.onClick()}
        data-testid={a.testId}
      >
        {a.iconOnly ? null : a.label}
      </Button>
    );
    const withTip = a.iconOnly ? <Tooltip title={text}>{b}</Tooltip> : b;
    return a.confirm ? (
      <Popconfirm key={a.key} title={a.confirm} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={() => a.onClick()}>
        {withTip}
      </Popconfirm>
    ) : (
      <span key={a.key}>{withTip}</span>
    );
  };
  return (
    <Space size={0} className="bw-row-actions">
      {shown.map(button)}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((a) => ({
              key: a.key,
              label: <span data-testid={a.testId}>{a.label}</span>,
              icon: a.icon,
              danger: a.danger,
              disabled: a.disabled,
              onClick: () =>
                a.confirm ? modal.confirm({ title: a.confirm, okText: t('common.ok'), cancelText: t('common.cancel'), onOk: () => a.onClick() }) : a.onClick(),
            })),
          }}
        >
          <Button type="link" size="small" icon={<MoreOutlined />} aria-label={t('crud.more')} data-testid="row-more" />
        </Dropdown>
      )}
      {icons.map(button)}
    </Space>
  );
}

/** The delete action of a row: a red bin icon that asks first. */
export function deleteAction(label: string, confirm: ReactNode, onClick: () => unknown, testId = 'row-delete'): RowActionItem {
  return { key: 'delete', label, icon: <DeleteOutlined />, iconOnly: true, danger: true, confirm, onClick, testId };
}
