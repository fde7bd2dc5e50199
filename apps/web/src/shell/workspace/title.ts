import type { TFunction } from 'i18next';
import type { Title } from '../routing';

export function titleText(title: Title, t: TFunction, language: string): string {
  if ('key' in title) return title.record ? `${t(title.key)} ${title.record}` : t(title.key);
  return title.i18n[language] ?? title.i18n['zh-CN'] ?? '';
}
