import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge, Button, Card, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { local } from '../../lib/storage';

export interface SidePanelLayoutProps {
  /** Remembers the user's open/closed choice under this name. */
  name: string;
  title: ReactNode;
  /** The panel (a tree of places, of departments ...). */
  side: ReactNode;
  children: ReactNode;
  /** Width of the open panel. */
  width?: number;
  /** The panel filters the main part: a dot on the closed panel says so. */
  active?: boolean;
  testId?: string;
}

/** Narrower than this, the panel stacks above the main part. */
const STACK_BELOW = 720;
/** Narrower than this, the panel starts closed (unless the user opened it): the main table needs the room. */
const OPEN_FROM = 1100;

/**
 * A collapsible side panel beside the main part of a page (spec: the inventory's place tree). Closed,
 * it is a narrow strip with its title; on a phone it stacks above the main part. It starts open only
 * where the main part keeps enough room; the user's own choice is remembered.
 */
export function SidePanelLayout({ name, title, side, children, width = 240, active, testId = 'side-panel' }: SidePanelLayoutProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(() => (typeof window === 'undefined' ? 1440 : window.innerWidth - 280));
  const key = `bw-panel:${name}`;
  const [chosen, setChosen] = useState<boolean | null>(() => local.get<boolean | null>(key, null));
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      // A hidden tab measures 0: keep the last real width.
      if (entry.contentRect.width > 0) setBoxWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const stacked = boxWidth < STACK_BELOW;
  const open = chosen ?? (!stacked && boxWidth >= OPEN_FROM);
  const toggle = () => {
    local.set(key, !open);
    setChosen(!open);
  };
  const label = open
    ? t('panel.collapse', { title: typeof title === 'string' ? title : '' })
    : t('panel.expand', { title: typeof title === 'string' ? title : '' });
  const toggleButton = (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        icon={open ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        aria-label={label}
        aria-expanded={open}
        onClick={toggle}
        data-testid={`${testId}-toggle`}
      />
    </Tooltip>
  );

  const panel = open ? (
    <Card
      variant="borderless"
      size="small"
      title={title}
      extra={toggleButton}
      className="bw-side-panel"
      style={stacked ? undefined : { width, flex: `0 0 ${width}px` }}
      data-testid={testId}
      data-open="true"
    >
      {side}
    </Card>
  ) : stacked ? (
    <Card variant="borderless" size="small" className="bw-side-panel" data-testid={testId} data-open="false">
      <span className="bw-side-panel-bar">
        {toggleButton}
        <Badge dot={!!active}>
          <span className="bw-side-panel-title">{title}</span>
        </Badge>
      </span>
    </Card>
  ) : (
    <div className="bw-side-panel-strip" data-testid={testId} data-open="false">
      {toggleButton}
      <Badge dot={!!active}>
        <span className="bw-side-panel-vertical" onClick={toggle}>
          {title}
        </span>
      </Badge>
    </div>
  );
  return (
    <div ref={box} className={stacked ? 'bw-side-layout bw-side-layout-stacked' : 'bw-side-layout'}>
      {panel}
      <div className="bw-side-layout-main">{children}</div>
    </div>
  );
}
