import { Component, type ReactNode } from 'react';
import { Button } from 'antd';
import { Result } from '../../components/common/LazyResult';
import i18n from '../../lib/i18n';

interface State {
  error: Error | null;
}

/** One page failing (or its code failing to load) must not take the whole workspace down. */
export class PageErrorBoundary extends Component<{ children: ReactNode; onReload: () => void }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = /loading (dynamically imported module|chunk)|Failed to fetch dynamically imported module/i.test(error.message);
    return (
      <Result
        status="error"
        title={chunk ? i18n.t('errorBoundary.chunk') : i18n.t('errorBoundary.crash')}
        subTitle={chunk ? undefined : error.message}
        extra={
          <Button type="primary" onClick={() => (chunk ? window.location.reload() : (this.setState({ error: null }), this.props.onReload()))}>
            {i18n.t('errorBoundary.reload')}
          </Button>
        }
      />
    );
  }
}
