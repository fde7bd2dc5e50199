import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { bwModdleDescriptor } from '@breedwise/workflow';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import './bpm.css';

interface Canvas {
  zoom(level: 'fit-viewport'): void;
  addMarker(id: string, marker: string): void;
}

/** A read-only diagram; nodes and flows finished or active are highlighted (green, blue). */
export function BpmnViewer({ xml, status, height = 420 }: { xml: string; status?: Record<string, string>; height?: number }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const viewer = new NavigatedViewer({ container: ref.current!, moddleExtensions: { bw: bwModdleDescriptor } });
    let alive = true;
    viewer
      .importXML(xml)
      .then(() => {
        if (!alive) return;
        const canvas = viewer.get<Canvas>('canvas');
        canvas.zoom('fit-viewport');
        for (const [id, s] of Object.entries(status ?? {})) {
          if (s === 'untouched') continue;
          try {
            canvas.addMarker(id, `bw-${s}`);
          } catch {
            // an element without a shape (the diagram lacks it)
          }
        }
      })
      .catch((e: Error) => alive && setFailed(e.message));
    return () => {
      alive = false;
      viewer.destroy();
    };
  }, [xml, status]);
  return (
    <>
      {failed && <Alert type="error" showIcon message={t('bpm.diagram.failed', { reason: failed })} />}
      <div ref={ref} className="bw-bpmn" style={{ height }} data-testid="bpmn-viewer" />
    </>
  );
}
