import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/**
 * A date picker whose value is the contracts' day text (`YYYY-MM-DD`, or null), so a form holds what
 * the server validates and a row's date fills the form as it is.
 */
export function DateInput({
  value,
  onChange,
  disabled,
  placeholder,
}: {
  value?: string | null;
  onChange?(value: string | null): void;
  disabled?: boolean;
  placeholder?: string;
}) {
  return (
    <DatePicker
      style={{ width: '100%' }}
      disabled={disabled}
      placeholder={placeholder}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
    />
  );
}
