import { useMemo } from 'react';
import { Button, Checkbox, Col, Form, Input, Row, Select, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BusinessCreate, etlPermissions as P, ValueType, type BusinessRow } from '@breedwise/contracts/etl';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { Field } from '../../../../components/form/Field';
import { api } from '../../api';
import { etlPaths } from '../../paths';

const business = api.etl.business;

/** The business data tables: user-defined business types with their own columns, and their rows. */
export function BusinessTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const typeOptions = ValueType.options.map((v) => ({ value: v, label: t(`etl.convert.${v}`) }));
  const columns = useMemo<ColumnsType<BusinessRow>>(
    () => [
      { title: t('etl.business.code'), dataIndex: 'code', key: 'code', sorter: true, width: 160, fixed: 'left' },
      { title: t('etl.business.name'), dataIndex: 'name', key: 'name', sorter: true, width: 180 },
      {
        title: t('etl.business.columns'),
        key: 'columns',
        width: 320,
        render: (_: unknown, r) =>
          r.columns.map((c) => (
            <Tag key={c.key} color={c.isKey ? 'blue' : undefined}>
              {c.label}
            </Tag>
          )),
      },
      { title: t('etl.business.rowCount'), dataIndex: 'rowCount', key: 'rowCount', width: 90 },
      dateTimeColumn(t('common.updatedAt'), 'updatedAt'),
    ],
    [t],
  );
  return (
    <CrudPage
      i18n="etl.business"
      resource={{ page: business.page, create: business.create, $key: business.$key }}
      columns={columns}
      permissions={{ add: P.businessAdd }}
      filters={false}
      actions={[{ key: 'data', label: t('etl.business.data'), onClick: (r) => navigate(etlPaths.data(r.id)), testId: () => 'business-data' }]}
      onRowClick={(r) => navigate(etlPaths.data(r.id))}
      form={{
        create: BusinessCreate,
        width: 820,
        defaults: () => ({ columns: [{ key: '', label: '', type: 'text', required: false, isKey: true }] }),
        fields: () => (
          <>
            <Row gutter={16}>
              <Col span={12}>
                <Field name="code" label={t('etl.business.code')} extra={t('etl.business.codeHint')}>
                  <Input maxLength={50} data-testid="business-code" />
                </Field>
              </Col>
              <Col span={12}>
                <Field name="name" label={t('etl.business.name')}>
                  <Input maxLength={100} data-testid="business-name" />
                </Field>
              </Col>
            </Row>
            <Form.List name="columns">
              {(fields, { add, remove }) => (
                <>
                  <Row gutter={8} style={{ fontWeight: 500, marginBottom: 8 }}>
                    <Col span={6}>{t('etl.business.columnKey')}</Col>
                    <Col span={7}>{t('etl.business.columnLabel')}</Col>
                    <Col span={5}>{t('etl.business.columnType')}</Col>
                    <Col span={5} />
                  </Row>
                  {fields.map((f, i) => (
                    <Row gutter={8} key={f.key} data-testid={`business-column-${i}`}>
                      <Col span={6}>
                        <Form.Item name={[f.name, 'key']} rules={[{ required: true }]}>
                          <Input maxLength={50} data-testid="column-key" />
                        </Form.Item>
                      </Col>
                      <Col span={7}>
                        <Form.Item name={[f.name, 'label']} rules={[{ required: true }]}>
                          <Input maxLength={100} data-testid="column-label" />
                        </Form.Item>
                      </Col>
                      <Col span={5}>
                        <Form.Item name={[f.name, 'type']} initialValue="text">
                          <Select options={typeOptions} data-testid="column-type" />
                        </Form.Item>
                      </Col>
                      <Col span={5}>
                        <Form.Item name={[f.name, 'isKey']} valuePropName="checked" style={{ display: 'inline-block', marginRight: 8 }}>
                          <Checkbox data-testid="column-is-key">{t('etl.business.isKey')}</Checkbox>
                        </Form.Item>
                        <Form.Item name={[f.name, 'required']} valuePropName="checked" style={{ display: 'inline-block' }}>
                          <Checkbox>{t('etl.business.required')}</Checkbox>
                        </Form.Item>
                      </Col>
                      <Col span={1}>
                        <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('common.delete')} />
                      </Col>
                    </Row>
                  ))}
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add({ key: '', label: '', type: 'text', required: false, isKey: false })}
                    data-testid="business-column-add"
                  >
                    {t('etl.business.addColumn')}
                  </Button>
                </>
              )}
            </Form.List>
          </>
        ),
      }}
    />
  );
}
