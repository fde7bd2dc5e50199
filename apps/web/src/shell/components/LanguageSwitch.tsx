import { lazy, Suspense, useState } from 'react';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@breedwise/contracts';
import { switchLocale } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { queryClient } from '../../lib/query';
import { api } from '../auth-api';

const NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', en: 'English' };

const LanguageMenu = lazy(() => import('./LanguageMenu'));

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
  // The menu loads when the switch is first pressed, and opens once loaded; later presses are the menu's.
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const arm = () => {
    setArmed(true);
    setOpen(true);
  };
  const trigger = (
    <span
      className={className}
      role="button"
      tabIndex={0}
      aria-label={t('layout.language')}
      data-testid="language-switch"
      onClick={armed ? undefined : arm}
      onKeyDown={armed ? undefined : (e) => (e.key === 'Enter' || e.key === ' ') && arm()}
    >
      <TranslationOutlined /> <span className="bw-hide-narrow">{NAMES[i18n.language as Locale] ?? NAMES['zh-CN']}</span>
    </span>
  );
  if (!armed) return trigger;
  return (
    <Suspense fallback={trigger}>
      <LanguageMenu names={NAMES} current={i18n.language} open={open} onOpenChange={setOpen} onChoose={(l) => void choose(l)}>
        {trigger}
      </LanguageMenu>
    </Suspense>
  );
}
