import { Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { DictTag } from '../../../components/common';

/** The year and the season (the `doe_season` dictionary) of a row, sorted by year. */
export function yearSeasonColumn<T extends { year: number | null; season: string | null }>(t: TFunction): ColumnType<T> {
  return {
    title: t('doe.experiment.yearSeason'),
    key: 'year',
    sorter: true,
    width: 130,
    render: (_, r) => (
      <Space size={4}>
        {r.year ?? '—'}
        <DictTag dictType="doe_season" appKey="doe" value={r.season} />
      </Space>
    ),
  };
}
