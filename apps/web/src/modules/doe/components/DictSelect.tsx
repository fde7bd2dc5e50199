import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../components/common';

/** The entries of a DOE dictionary (seasons, stages, design methods ...) as select options. */
export function useDictOptions(dictType: string): { value: string; label: string }[] {
  const { data } = useDict(dictType, 'doe');
  return (data ?? []).map((d) => ({ value: d.dictValue, label: d.dictLabel }));
}

/** A select of a DOE dictionary's entries. */
export function DictSelect({ dictType, ...props }: Omit<SelectProps, 'options'> & { dictType: string }) {
  const { t } = useTranslation();
  const options = useDictOptions(dictType);
  return <Select allowClear placeholder={t('select.placeholder')} {...props} options={options} />;
}
