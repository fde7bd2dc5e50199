import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Card, Col, Skeleton } from 'antd';
import { hasPermission } from '@breedwise/contracts';
import type { DashboardWidgetDef } from '../../../lib/module-types';
import { useRegistry } from '../../../lib/registry-context';
import { useLoginInfo } from '../../../lib/login-info';

const cache = new Map<DashboardWidgetDef, LazyExoticComponent<ComponentType>>();
const component = (w: DashboardWidgetDef) => {
  if (!cache.has(w)) cache.set(w, lazy(w.load));
  return cache.get(w)!;
};

/** Cards the modules add to the dashboard, in their order, for the users allowed to see them. */
export function ModuleWidgets() {
  const { data: info } = useLoginInfo();
  const { widgets: dashboardWidgets } = useRegistry();
  return (
    <>
      {dashboardWidgets
        .filter((w) => !w.permission || (info && hasPermission(info.permissions, w.permission)))
        .map((w) => {
          const Widget = component(w);
          return (
            <Col key={w.key} xs={24} lg={w.span}>
              <Suspense
                fallback={
                  <Card variant="borderless">
                    <Skeleton active />
                  </Card>
                }
              >
                <Widget />
              </Suspense>
            </Col>
          );
        })}
    </>
  );
}
