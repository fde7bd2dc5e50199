import { Radio, Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LABEL_FORMATS, type LabelCode, type LabelFormat } from '@breedwise/contracts';

/** The shared label formats (contracts: `LABEL_FORMATS`), A4 sheets and thermal rolls in two groups. */
export function LabelFormatSelect(props: Omit<SelectProps<LabelFormat>, 'options'>) {
  const { t } = useTranslation();
  const entries = Object.entries(LABEL_FORMATS) as [LabelFormat, (typeof LABEL_FORMATS)[LabelFormat]][];
  const group = (media: 'sheet' | 'roll') =>
    entries
      .filter(([, f]) => f.media === media)
      .map(([value, f]) => ({
        value,
        label: t(media === 'sheet' ? 'label.sheet' : 'label.roll', { columns: f.columns, rows: f.rows, w: f.widthMm, h: f.heightMm }),
      }));
  return (
    <Select<LabelFormat>
      {...props}
      options={[
        { label: t('label.sheets'), title: t('label.sheets'), options: group('sheet') },
        { label: t('label.rolls'), title: t('label.rolls'), options: group('roll') },
      ]}
    />
  );
}

/** What the label's codes are: QR and Code 128, QR only, Code 128 only. */
export function LabelCodeRadio({ value, onChange }: { value?: LabelCode; onChange?: (v: LabelCode) => void }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      optionType="button"
      value={value}
      onChange={(e) => onChange?.(e.target.value as LabelCode)}
      options={[
        { value: 'both', label: t('label.both') },
        { value: 'qr', label: t('label.qr') },
        { value: 'code128', label: 'Code 128' },
      ]}
    />
  );
}
