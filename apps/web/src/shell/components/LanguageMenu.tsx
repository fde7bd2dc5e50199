import type { ReactNode } from 'react';
import { Dropdown } from 'antd';
import type { Locale } from '@breedwise/contracts';

/** The language menu of `LanguageSwitch`, loaded with its first use (antd's menu is not on the login page). */
export default function LanguageMenu({
  names,
  current,
  open,
  onOpenChange,
  onChoose,
  children,
}: {
  names: Record<Locale, string>;
  current: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onChoose(locale: Locale): void;
  children: ReactNode;
}) {
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={onOpenChange}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: (Object.keys(names) as Locale[]).map((l) => ({ key: l, label: names[l] })),
        onClick: ({ key }) => {
          onOpenChange(false);
          onChoose(key as Locale);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
