import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';

/** Finishes a nursery (the caller has asked for confirmation: it is irreversible) and refreshes what shows it. */
export function useFinishActivity() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async (id: number) => {
    await api.nursery.activity.finish({ id }, { errorMode: 'modal' });
    void message.success(t('nursery.activity.finished'));
    await queryClient.invalidateQueries({ queryKey: api.nursery.activity.$key });
  };
}
