import { useMemo } from 'react';
import { Col, Form, Input, InputNumber, Row, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { SCALE_TYPES, phenoPermissions as P, VariableCreate, VariableUpdate, type VariableRow } from '@breedwise/contracts/pheno';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { Field } from '../../../../components/form/Field';
import { api } from '../../api';

const variable = api.pheno.variable;

/** "1=Resistant|5=Moderate" for the form's text box. */
const categoryText = (r: VariableRow) => r.categories.map((c) => (c.label ? `${c.value}=${c.label}` : c.value)).join('|');

/** A variable's scale in one line: "50–400 cm", "1 | 5 | 9", "%". */
export function scaleSummary(r: VariableRow): string {
  if (r.scaleType === 'numeric' || r.scaleType === 'percentage') {
    const range = r.minimum !== null || r.maximum !== null ? `${r.minimum ?? ''}–${r.maximum ?? ''}` : '';
    return [range, r.unit ?? ''].filter(Boolean).join(' ');
  }
  if (r.scaleType === 'ordinal' || r.scaleType === 'nominal') return r.categories.map((c) => c.value).join(' | ');
  return '';
}

/** Phenotype traits of the current crop: trait, method and scale, with import and export. */
export default function VariableListPage() {
  const { t } = useTranslation();
  const scaleOptions = SCALE_TYPES.map((s) => ({ value: s, label: t(`pheno.variable.scale.${s}`) }));
  const columns = useMemo<ColumnsType<VariableRow>>(
    () => [
      { title: t('pheno.variable.code'), dataIndex: 'code', key: 'code', sorter: true, width: 120, fixed: 'left' },
      { title: t('pheno.variable.name'), dataIndex: 'name', key: 'name', sorter: true, width: 180 },
      { title: t('pheno.variable.trait'), dataIndex: 'trait', key: 'trait', sorter: true, width: 140 },
      { title: t('pheno.variable.method'), dataIndex: 'method', key: 'method', ellipsis: true, width: 200 },
      {
        title: t('pheno.variable.scaleType'),
        dataIndex: 'scaleType',
        key: 'scaleType',
        sorter: true,
        width: 110,
        render: (v: string) => <Tag>{t(`pheno.variable.scale.${v}`)}</Tag>,
      },
      { title: t('pheno.variable.range'), key: 'range', width: 160, render: (_: unknown, r: VariableRow) => scaleSummary(r) },
      { title: t('pheno.variable.synonyms'), key: 'synonyms', width: 140, render: (_: unknown, r: VariableRow) => r.synonyms.join('; ') },
      { title: t('pheno.variable.ontologyId'), dataIndex: 'ontologyId', key: 'ontologyId', width: 150 },
      dateTimeColumn(t('common.updatedAt'), 'updatedAt'),
    ],
    [t],
  );
  return (
    <CrudPage
      resource={variable}
      columns={columns}
      permissions={{ add: P.variableAdd, edit: P.variableEdit, remove: P.variableRemove, import: P.variableImport, export: P.variableExport }}
      filters={{ options: { scaleType: scaleOptions } }}
      nameOf={(r) => r.code}
      form={{
        create: VariableCreate,
        update: VariableUpdate,
        width: 720,
        defaults: () => ({ scaleType: 'numeric', categories: '', synonyms: '' }),
        values: (r) => ({ ...r, categories: categoryText(r), synonyms: r.synonyms.join('; ') }),
        fields: () => (
          <Row gutter={16}>
            <Col span={12}>
              <Field name="code" label={t('pheno.variable.code')}>
                <Input maxLength={40} />
              </Field>
            </Col>
            <Col span={12}>
              <Field name="name" label={t('pheno.variable.name')}>
                <Input maxLength={100} />
              </Field>
            </Col>
            <Col span={12}>
              <Field name="trait" label={t('pheno.variable.trait')}>
                <Input maxLength={100} />
              </Field>
            </Col>
            <Col span={12}>
              <Field name="scaleType" label={t('pheno.variable.scaleType')}>
                <Select options={scaleOptions} data-testid="variable-scale" />
              </Field>
            </Col>
            <Col span={24}>
              <Field name="method" label={t('pheno.variable.method')}>
                <Input maxLength={300} />
              </Field>
            </Col>
            <Form.Item noStyle shouldUpdate={(a, b) => a.scaleType !== b.scaleType}>
              {({ getFieldValue }) => {
                const s = getFieldValue('scaleType') as string;
                if (s === 'numeric' || s === 'percentage') {
                  return (
                    <>
                      <Col span={8}>
                        <Field name="minimum" label={t('pheno.variable.minimum')}>
                          <InputNumber style={{ width: '100%' }} />
                        </Field>
                      </Col>
                      <Col span={8}>
                        <Field name="maximum" label={t('pheno.variable.maximum')}>
                          <InputNumber style={{ width: '100%' }} />
                        </Field>
                      </Col>
                      {s === 'numeric' && (
                        <Col span={8}>
                          <Field name="unit" label={t('pheno.variable.unit')}>
                            <Input maxLength={30} />
                          </Field>
                        </Col>
                      )}
                    </>
                  );
                }
                if (s === 'ordinal' || s === 'nominal') {
                  return (
                    <Col span={24}>
                      <Field name="categories" label={t('pheno.variable.categories')} extra={t('pheno.variable.categoriesHint')}>
                        <Input maxLength={2000} />
                      </Field>
                    </Col>
                  );
                }
                return null;
              }}
            </Form.Item>
            <Col span={12}>
              <Field name="synonyms" label={t('pheno.variable.synonyms')} extra={t('pheno.variable.synonymsHint')}>
                <Input maxLength={500} />
              </Field>
            </Col>
            <Col span={12}>
              <Field name="ontologyId" label={t('pheno.variable.ontologyId')}>
                <Input maxLength={40} placeholder="CO_322:0000233" />
              </Field>
            </Col>
            <Col span={24}>
              <Field name="description" label={t('pheno.variable.description')}>
                <Input.TextArea rows={2} maxLength={500} />
              </Field>
            </Col>
          </Row>
        ),
      }}
    />
  );
}
