import { Dropdown, Tabs, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined, ReloadOutlined, RollbackOutlined, ColumnWidthOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useWorkspace, type Tab } from './store';
import { titleText } from './title';

interface Props {
  onSelect(tab: Tab): void;
  onClose(key: string): void;
  onCloseOthers(key: string): void;
  onClosePrevious(key: string): void;
}

/** The tab bar: switch, close, and the actions of spec section 2 (refresh, close, close others, close and go back). */
export function TabsBar({ onSelect, onClose, onCloseOthers, onClosePrevious }: Props) {
  const { t, i18n } = useTranslation();
  const { tabs, activeKey, refresh } = useWorkspace();

  const actions = (tab: Tab): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('tabs.refresh') },
      { key: 'close', icon: <CloseOutlined />, label: t('tabs.close'), disabled: tab.affix },
      { key: 'closeOthers', icon: <ColumnWidthOutlined />, label: t('tabs.closeOthers') },
      { key: 'closePrev', icon: <RollbackOutlined />, label: t('tabs.closePrev'), disabled: tab.affix },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') refresh(tab.key);
      else if (key === 'close') onClose(tab.key);
      else if (key === 'closeOthers') onCloseOthers(tab.key);
      else onClosePrevious(tab.key);
    },
  });

  const active = tabs.find((tb) => tb.key === activeKey);
  return (
    <div className="bw-tabs-bar" data-testid="tabs-bar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey ?? undefined}
        onChange={(key) => {
          const tab = tabs.find((tb) => tb.key === key);
          if (tab) onSelect(tab);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') onClose(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.key,
          closable: !tab.affix,
          label: (
            <Dropdown menu={actions(tab)} trigger={['contextMenu']}>
              <span data-testid="tab-label">{titleText(tab.title, t, i18n.language)}</span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={
          active ? (
            <Dropdown menu={actions(active)} trigger={['click']} placement="bottomRight">
              <span className="bw-tabs-actions" role="button" aria-label={t('tabs.actions')} data-testid="tab-actions">
                <DownOutlined />
              </span>
            </Dropdown>
          ) : null
        }
      />
    </div>
  );
}
