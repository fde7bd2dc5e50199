import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { StatusTag } from './CrudPage';

/** The enabled/disabled state of a row, sortable. */
export function statusColumn<T>(t: TFunction): ColumnType<T> {
  return { title: t('common.status'), dataIndex: 'status', key: 'status', sorter: true, width: 90, render: (v: string) => <StatusTag value={v} /> };
}

/** A timestamp (`createdAt`, `updatedAt` ...) to the minute, sortable. */
export function dateTimeColumn<T>(title: string, key: string): ColumnType<T> {
  return { title, dataIndex: key, key, sorter: true, width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') };
}
