import { Select, Tag, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../components/common';

const COLORS: Record<string, string> = { primary: 'processing', success: 'success', info: 'default', warning: 'warning', danger: 'error' };

/**
 * A select whose options are a dictionary's enabled entries in the interface language (dic/list by
 * dictType and appKey), the way business forms offer seasons, stages or statuses.
 */
export function DictSelect({ dictType, appKey, tags, ...props }: Omit<SelectProps, 'options'> & { dictType: string; appKey?: string; tags?: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading } = useDict(dictType, appKey);
  return (
    <Select
      allowClear
      loading={isLoading}
      placeholder={t('select.placeholder')}
      {...props}
      options={(data ?? []).map((d) => ({
        value: d.dictValue,
        label:
          tags && d.listClass ? (
            <Tag color={COLORS[d.listClass]} style={{ marginInlineEnd: 0 }}>
              {d.dictLabel}
            </Tag>
          ) : (
            d.dictLabel
          ),
        title: d.dictLabel,
      }))}
    />
  );
}
