import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { App, Button, Card, Col, Popconfirm, Row, Space, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import BpmnModeler from 'bpmn-js/lib/Modeler';
import { bwModdleDescriptor } from '@breedwise/workflow';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import '../../components/bpm.css';
import { bpmPermissions as P } from '@breedwise/contracts/bpm';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { usePermission } from '../../../../lib/permissions';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';
import { executableModeler } from '../components/executableModeler';
import { PropertiesPanel, type BpmnElement, type ElementRegistry, type Moddle, type Modeling } from '../components/PropertiesPanel';

/** A new model's diagram: a start event only (the process id is the model's key). */
const blank = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:bw="http://breedwise.dev/schema/bpmn" id="Definitions_${key}" targetNamespace="http://breedwise.dev/bpmn">
  <bpmn:process id="${key}" name="${name.replace(/[<&"]/g, '')}" isExecutable="true">
    <bpmn:startEvent id="start" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_${key}">
    <bpmndi:BPMNPlane id="BPMNPlane_${key}" bpmnElement="${key}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="102" width="36" height="36" /></bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;

/**
 * The canvas's height: from where it starts to the window's bottom (less the card's padding), whatever is
 * above it (an announcement, the tabs), at least 420 px; follows the window's size.
 */
function useFillHeight(ref: RefObject<HTMLDivElement | null>, ready: boolean) {
  const [height, setHeight] = useState(520);
  useEffect(() => {
    if (!ready) return;
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(420, window.innerHeight - top - 40));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref, ready]);
  return height;
}

/** The designer: bpmn-js in the tab, our properties panel beside it; save, then deploy a new version. */
export default function ModelDesignPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { params } = usePage();
  const id = Number(params.id);
  const canDeploy = usePermission(P.modelDeploy);
  const { data: model } = useQuery({ queryKey: [...api.bpm.model.get.key, id], queryFn: () => api.bpm.model.get({ id }) });
  useRecordTitle('bpm.designer.titleOf', model?.name);
  const ref = useRef<HTMLDivElement>(null);
  const modeler = useRef<BpmnModeler | null>(null);
  const [selected, setSelected] = useState<BpmnElement | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const canvasHeight = useFillHeight(ref, model !== undefined);
  const latestId = model?.latest?.id ?? null;
  const rulesKey = [...api.bpm.assignRule.list.key, latestId];
  const { data: rules } = useQuery({ queryKey: rulesKey, queryFn: () => api.bpm.assignRule.list({ definitionId: latestId! }), enabled: latestId !== null });

  useEffect(() => {
    if (!model || !ref.current) return;
    const m = new BpmnModeler({ container: ref.current, moddleExtensions: { bw: bwModdleDescriptor }, additionalModules: [executableModeler] });
    modeler.current = m;
    let alive = true;
    m.importXML(model.bpmnXml ?? blank(model.key, model.name))
      .then(() => alive && m.get<{ zoom(l: string): void }>('canvas').zoom('fit-viewport'))
      .catch((e: Error) => void message.error(e.message));
    const events = m.get<{ on(e: string, fn: (ev: { newSelection?: BpmnElement[] }) => void): void }>('eventBus');
    events.on('selection.changed', (ev) => setSelected(ev.newSelection?.length === 1 ? ev.newSelection[0] : null));
    events.on('commandStack.changed', () => setDirty(true));
    return () => {
      alive = false;
      m.destroy();
      modeler.current = null;
    };
    // Loaded once per model (a save does not reload the diagram).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model?.id, model === undefined]);

  const save = useCallback(async () => {
    const { xml } = await modeler.current!.saveXML({ format: true });
    setBusy(true);
    try {
      await api.bpm.model.update({ id, name: model!.name, category: model!.category, description: model!.description, bpmnXml: xml! });
      setDirty(false);
      void message.success(t('common.success'));
      await queryClient.invalidateQueries({ queryKey: api.bpm.model.$key });
      return true;
    } finally {
      setBusy(false);
    }
  }, [id, model, message, t]);

  const deploy = async () => {
    if (dirty && !(await save())) return;
    const d = await api.bpm.model.deploy({ id });
    void message.success(t('bpm.model.deployed', { version: d.version }));
    await Promise.all([api.bpm.model.$key, api.bpm.definition.$key].map((k) => queryClient.invalidateQueries({ queryKey: k })));
  };

  if (!model) return <Spin style={{ margin: 48 }} />;
  const m = modeler.current;
  return (
    <div className="bw-page">
      <Card
        variant="borderless"
        title={
          <Space>
            {model.name}
            {model.latest ? <Tag>v{model.latest.version}</Tag> : <Tag>{t('bpm.model.notDeployed')}</Tag>}
            {dirty && <Tag color="warning">{t('bpm.designer.unsaved')}</Tag>}
          </Space>
        }
        extra={
          <Space>
            <Button onClick={() => void save()} loading={busy} data-testid="designer-save">
              {t('common.save')}
            </Button>
            {canDeploy && (
              <Popconfirm title={t('bpm.model.deployConfirm', { name: model.name })} onConfirm={deploy}>
                <Button type="primary" data-testid="designer-deploy">
                  {t('bpm.model.deploy')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      >
        <Row gutter={12}>
          <Col xs={24} lg={17}>
            <div ref={ref} className="bw-bpmn" style={{ height: canvasHeight }} data-testid="bpmn-modeler" />
          </Col>
          <Col xs={24} lg={7}>
            <Card
              size="small"
              title={t('bpm.designer.properties')}
              style={{ height: canvasHeight, display: 'flex', flexDirection: 'column' }}
              styles={{ body: { overflowY: 'auto', flex: 1, minHeight: 0 } }}
            >
              {m && (
                <PropertiesPanel
                  element={selected}
                  modeling={m.get<Modeling>('modeling')}
                  moddle={m.get<Moddle>('moddle')}
                  registry={m.get<ElementRegistry>('elementRegistry')}
                  rules={rules ?? null}
                  onRuleSaved={() => void queryClient.invalidateQueries({ queryKey: rulesKey })}
                />
              )}
            </Card>
          </Col>
        </Row>
      </Card>
    </div>
  );
}
