import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Card, Col, Skeleton } from 'antd';
import { hasPermission } from '@breedwise/contracts';
import { dashboardWidgets } from '../../registry';
import type { DashboardWidgetDef } from '../../types';
import { useLoginInfo } from '../../../shell/auth-api';

const cache = new Map<DashboardWidgetDef, LazyExoticComponent<ComponentType>>();
const component = (w: DashboardWidgetDef) => {
  if (!cache.has(w)) cache.set(w, lazy(w.load));
  return cache.get(w)!;
};

/** Cards the modules add to the dashboard, in their order, for the users allowed to see them. */
export function ModuleWidgets() {
  const { data: info } = useLoginInfo();
  return (
    <>
      {dashboardWidgets
        .filter((w) => !w.permission || (info && hasPermission(info.permissions, w.permission)))
        .map((w) => {
          const Widget = component(w);
          return (
            <Col key={w.key} xs={24} lg={w.span}>
              <Suspense fallback={<Card variant="borderless"><Skeleton active /></Card>}>
                <Widget />
              </Suspense>
            </Col>
          );
        })}
    </>
  );
}
