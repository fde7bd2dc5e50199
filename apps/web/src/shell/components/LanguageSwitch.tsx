import { Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@breedwise/contracts';
import { switchLocale } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { queryClient } from '../../lib/query';
import { api } from '../auth-api';

const NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', en: 'English' };

/** Switches the interface language; a logged-in session also tells the server (changeLocal). */
export function LanguageSwitch({ className }: { className?: string }) {
  const { i18n, t } = useTranslation();
  const token = useSession((s) => s.token);
  const choose = async (locale: Locale) => {
    await switchLocale(locale);
    if (token) {
      await api.auth.login.changeLocale({ locale }, { errorMode: 'silent' }).catch(() => undefined);
      // Server texts (menu titles, dictionary labels, messages) follow the language.
      await queryClient.invalidateQueries();
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: (Object.keys(NAMES) as Locale[]).map((l) => ({ key: l, label: NAMES[l] })),
        onClick: ({ key }) => void choose(key as Locale),
      }}
    >
      <span className={className} role="button" aria-label={t('layout.language')} data-testid="language-switch">
        <TranslationOutlined /> <span className="bw-hide-narrow">{NAMES[i18n.language as Locale] ?? NAMES['zh-CN']}</span>
      </span>
    </Dropdown>
  );
}
