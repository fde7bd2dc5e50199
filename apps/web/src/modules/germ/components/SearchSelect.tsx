import { useRef, useState } from 'react';
import { Select, Spin, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemoteOption } from '../../../components/common';

/**
 * A remote-search select that also knows the labels of values chosen earlier (`known`), so an edited
 * record shows its parent or lot by name before anything is searched.
 */
export function SearchSelect({ fetch, known = [], ...rest }: Omit<SelectProps, 'options' | 'onSearch' | 'showSearch' | 'filterOption'> & { fetch(keyword: string): Promise<RemoteOption[]>; known?: RemoteOption[] }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<RemoteOption[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const search = (keyword: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const mine = ++seq.current;
      setLoading(true);
      try {
        const found = await fetch(keyword);
        if (mine === seq.current) setOptions(found);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    }, 250);
  };
  const merged = [...options, ...known.filter((k) => !options.some((o) => o.value === k.value))];
  return (
    <Select
      {...rest}
      showSearch={{ filterOption: false, onSearch: search }}
      onOpenChange={(open) => open && options.length === 0 && search('')}
      options={merged}
      listHeight={245}
      popupMatchSelectWidth={400}
      placeholder={rest.placeholder ?? t('select.placeholder')}
      notFoundContent={loading ? <Spin size="small" /> : t('select.noMatch')}
    />
  );
}
