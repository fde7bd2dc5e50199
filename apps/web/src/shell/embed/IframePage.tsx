import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoginInfo } from '../auth-api';
import { usePage } from '../../lib/page-context';
import { frameSource } from './messages';

/** An embedded page in a tab: /i/{name}, with the original path (or ?src=) as the frame address. */
export default function IframePage() {
  const { t } = useTranslation();
  const page = usePage();
  const { data } = useLoginInfo();
  const raw = page.params.src ?? page.search.get('src') ?? '';
  const src = frameSource(raw, window.location.origin, data?.embedOrigins ?? []);
  if (!src) return <Result status="warning" title={t('embed.refused')} subTitle={raw} />;
  // Pages of other (allowed) origins run sandboxed; our own need no sandbox.
  const foreign = !src.startsWith('/');
  return (
    <iframe
      className="bw-iframe"
      src={src}
      title={page.params.name ?? 'embedded'}
      data-testid="embedded-frame"
      sandbox={foreign ? 'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads' : undefined}
    />
  );
}
