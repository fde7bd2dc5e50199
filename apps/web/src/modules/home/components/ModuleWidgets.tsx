import { Suspense } from 'react';
import { Card, Col, Skeleton } from 'antd';
import { hasPermission } from '@breedwise/contracts';
import type { DashboardWidgetDef } from '../../../lib/module-types';
import { useRegistry } from '../../../lib/registry-context';
import { useLoginInfo } from '../../../lib/login-info';
import { usePreloaded } from '../../../lib/preloadable';

/** A widget, loaded when first drawn; drawn at once when preloaded with the home page as the login was sent. */
function Widget({ load }: { load: DashboardWidgetDef['load'] }) {
  const Component = usePreloaded(load);
  return <Component />;
}

/** Cards the modules add to the dashboard, in their order, for the users allowed to see them. */
export function ModuleWidgets() {
  const { data: info } = useLoginInfo();
  const { widgets: dashboardWidgets } = useRegistry();
  return (
    <>
      {dashboardWidgets
        .filter((w) => !w.permission || (info && hasPermission(info.permissions, w.permission)))
        .map((w) => {
          return (
            <Col key={w.key} xs={24} lg={w.span}>
              <Suspense
                fallback={
                  <Card variant="borderless">
                    <Skeleton active />
                  </Card>
                }
              >
                <Widget load={w.load} />
              </Suspense>
            </Col>
          );
        })}
    </>
  );
}
