import { App, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CROP_COOKIE, PREFERENCE_COOKIE_SECONDS } from '@breedwise/contracts';
import { type LoginInfoData } from '@breedwise/contracts/auth';
import { setCookie } from '../../lib/cookies';
import { queryClient } from '../../lib/query';
import { api } from '../auth-api';

/** The header crop switcher; the choice is remembered in a cookie for 7 days (spec section 4). */
export function CropSwitcher({ info }: { info: LoginInfoData }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = i18n.language as 'zh-CN' | 'en';
  if (info.crops.length === 0) return <span className="bw-header-muted">{t('layout.noCrop')}</span>;
  return (
    <Select
      className="bw-crop-switcher"
      data-testid="crop-switcher"
      aria-label={t('layout.crop')}
      value={info.cropInfo?.cropId}
      variant="borderless"
      popupMatchSelectWidth={false}
      onChange={async (cropId: number) => {
        await api.auth.login.setCrop({ id: cropId });
        setCookie(CROP_COOKIE, String(cropId), PREFERENCE_COOKIE_SECONDS);
        // Crop-scoped data everywhere is now stale.
        await queryClient.invalidateQueries();
        const crop = info.crops.find((c) => c.cropId === cropId);
        void message.success(t('layout.cropSwitched', { crop: crop?.nameI18n[lang] ?? crop?.name }));
      }}
      options={info.crops.map((c) => ({
        value: c.cropId,
        label: (
          <span>
            {c.nameI18n[lang] ?? c.name}
            {c.access === 'view' && (
              <Tag className="bw-crop-tag" variant="filled">
                {t('layout.cropViewOnly')}
              </Tag>
            )}
          </span>
        ),
      }))}
    />
  );
}
