import { useMemo, useState } from 'react';
import { Button, Checkbox, Col, Form, Input, InputNumber, Popconfirm, Row, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GermListEntryFields, MATERIAL_TYPES, type GermListEntryInput, type GermListEntryRow, type GermListRow } from '@breedwise/contracts/doe';
import { DataTable } from '../../../../components/data-table/DataTable';
import { ContractFormModal } from '../../../../components/form/ContractFormModal';
import { fieldRules } from '../../../../components/form/zod-form';
import { api } from '../../api';

const rules = fieldRules(GermListEntryFields);
const germList = api.doe.germList;

/** Every entry of a list, in entry order (the list is saved whole). */
async function allEntries(listId: number): Promise<GermListEntryRow[]> {
  const out: GermListEntryRow[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await germList.entries({ listId, pageNum, pageSize: 200 });
    out.push(...page.rows);
    if (out.length >= page.total || page.rows.length === 0) return out;
  }
}
const toInput = ({ id: _id, listId: _listId, ...entry }: GermListEntryRow): GermListEntryInput => entry;

/** The entries of a planting list: add, edit and remove (the list's entries are replaced in one step). */
export function ListEntriesPanel({ list, editable, onChanged }: { list: GermListRow; editable: boolean; onChanged(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<GermListEntryRow | null | undefined>(undefined);
  const change = async (fn: (rows: GermListEntryInput[]) => GermListEntryInput[]) => {
    const rows = (await allEntries(list.id)).map(toInput);
    await germList.saveEntries({ id: list.id, entries: fn(rows) }, { errorMode: 'silent' });
    await queryClient.invalidateQueries({ queryKey: germList.entries.key });
    onChanged();
  };
  const initialValues = useMemo(
    () => (editing === undefined ? null : (editing ?? { entryId: list.materialCount + 1, generation: 'F1' })),
    [editing, list.materialCount],
  );
  const columns: ColumnsType<GermListEntryRow> = [
    { title: t('doe.germList.entryId'), dataIndex: 'entryId', key: 'entryId', sorter: true, width: 90 },
    { title: t('doe.germList.material'), dataIndex: 'materialName', key: 'materialName', sorter: true, width: 160 },
    { title: t('doe.entries.generation'), dataIndex: 'generation', key: 'generation', width: 90 },
    {
      title: t('doe.germList.materialType'),
      dataIndex: 'materialType',
      key: 'materialType',
      width: 100,
      render: (v: string | null) => (v ? t(`doe.germList.materialTypes.${v}`, { defaultValue: v }) : '—'),
    },
    { title: t('doe.entries.pedigree'), dataIndex: 'pedigree', key: 'pedigree', ellipsis: true, width: 180 },
    { title: t('doe.germList.plantRows'), dataIndex: 'plantRows', key: 'plantRows', width: 80 },
    { title: t('doe.germList.sowingQuantity'), dataIndex: 'sowingQuantity', key: 'sowingQuantity', width: 90 },
    { title: t('doe.germList.block'), dataIndex: 'block', key: 'block', width: 80 },
    { title: t('doe.germList.plantPlotNumber'), dataIndex: 'plantPlotNumber', key: 'plantPlotNumber', width: 110 },
    {
      title: t('doe.entries.check'),
      dataIndex: 'isCheck',
      key: 'isCheck',
      width: 70,
      render: (v: boolean) => (v ? <Tag color="orange">{t('doe.entries.checkYes')}</Tag> : null),
    },
    ...(editable
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: 120,
            render: (_: unknown, r: GermListEntryRow) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('common.deleteConfirm', { name: r.materialName })}
                  okText={t('common.ok')}
                  cancelText={t('common.cancel')}
                  onConfirm={() => change((rows) => rows.filter((x) => x.entryId !== r.entryId))}
                >
                  <Button type="link" size="small" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <DataTable<GermListEntryRow>
        testId="germlist-entries"
        endpoint={germList.entries}
        params={{ listId: list.id }}
        columns={columns}
        rowKey="id"
        toolbar={
          editable && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('doe.germList.addEntry')}
            </Button>
          )
        }
      />
      <ContractFormModal
        open={editing !== undefined}
        title={t(editing ? 'doe.germList.editEntry' : 'doe.germList.addEntry')}
        schema={GermListEntryFields}
        initialValues={initialValues}
        width={680}
        successMessage={t('doe.common.saved')}
        onClose={() => setEditing(undefined)}
        onSubmit={(v) => change((rows) => (editing ? rows.map((r) => (r.entryId === editing.entryId ? { ...r, ...v } : r)) : [...rows, v]))}
      >
        {() => (
          <Row gutter={12}>
            <Col span={6}>
              <Form.Item name="entryId" label={t('doe.germList.entryId')} rules={rules.entryId} required>
                <InputNumber min={1} style={{ width: '100%' }} disabled={!!editing} />
              </Form.Item>
            </Col>
            <Col span={10}>
              <Form.Item name="materialName" label={t('doe.germList.material')} rules={rules.materialName} required>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="generation" label={t('doe.entries.generation')} rules={rules.generation} required extra={t('doe.germList.generationHelp')}>
                <Input maxLength={20} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="materialType" label={t('doe.germList.materialType')}>
                <Select allowClear options={MATERIAL_TYPES.map((v) => ({ value: v, label: t(`doe.germList.materialTypes.${v}`) }))} />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item name="pedigree" label={t('doe.entries.pedigree')} rules={rules.pedigree}>
                <Input maxLength={500} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="plantRows" label={t('doe.germList.plantRows')} rules={rules.plantRows}>
                <InputNumber min={1} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="sowingQuantity" label={t('doe.germList.sowingQuantity')} rules={rules.sowingQuantity}>
                <InputNumber min={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="block" label={t('doe.germList.block')} rules={rules.block}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="plantPlotNumber" label={t('doe.germList.plantPlotNumber')} rules={rules.plantPlotNumber}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="isCheck" valuePropName="checked">
                <Checkbox>{t('doe.germList.isCheck')}</Checkbox>
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={t('doe.common.remark')} rules={rules.remark}>
                <Input maxLength={500} />
              </Form.Item>
            </Col>
          </Row>
        )}
      </ContractFormModal>
    </>
  );
}
