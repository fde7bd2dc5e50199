import { useMemo, useState } from 'react';
import { Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { doePermissions as P, EXPERIMENT_STATUSES, ExperimentCreate, type ExperimentRow, type ExperimentStatus } from '@breedwise/contracts/doe';
import { DictTag } from '../../../../components/common';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { Field } from '../../../../components/form/Field';
import { api } from '../../api';
import { DictSelect, useDictOptions } from '../../components/DictSelect';
import { yearSeasonColumn } from '../../components/columns';
import { FieldSelect } from '../../field/components/FieldSelect';
import { LocationSelect } from '../../location/components/LocationSelect';
import { doePaths } from '../../paths';
import { ProjectSelect } from '../../project/components/ProjectSelect';
import { EXP_TYPES } from '../components/ExperimentForm';
import { ExperimentStatusTag } from '../components/ExperimentStatusTag';

/** Experiments of the current crop: filter, add (then design), open for viewing or editing. */
export default function ExperimentListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<ExperimentStatus | undefined>();
  const [projectId, setProjectId] = useState<number | undefined>();
  const seasons = useDictOptions('doe_season');
  const stages = useDictOptions('doe_exp_stage');
  const methods = useDictOptions('doe_design_method');
  const statusOptions = EXPERIMENT_STATUSES.map((s) => ({ value: s, label: t(`doe.experiment.status.${s}`) }));
  const columns = useMemo<ColumnsType<ExperimentRow>>(
    () => [
      { title: t('doe.experiment.code'), dataIndex: 'code', key: 'code', sorter: true, fixed: 'left', width: 130 },
      {
        title: t('doe.experiment.name'),
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        width: 220,
        render: (v: string, r) => (
          <Typography.Link strong onClick={() => navigate(doePaths.experimentView(r.id))} data-testid="experiment-link">
            {v}
          </Typography.Link>
        ),
      },
      {
        title: t('common.status'),
        dataIndex: 'status',
        key: 'status',
        sorter: true,
        width: 150,
        render: (v: ExperimentStatus, r) => <ExperimentStatusTag status={v} locked={r.locked} />,
      },
      yearSeasonColumn(t),
      { title: t('doe.experiment.plots'), dataIndex: 'plotCount', key: 'plotCount', width: 90 },
      {
        title: t('doe.experiment.entries'),
        key: 'entryCount',
        width: 110,
        render: (_, r) => `${r.entryCount} (${t('doe.experiment.checksShort', { n: r.checkCount })})`,
      },
      {
        title: t('doe.experiment.location'),
        key: 'place',
        width: 200,
        ellipsis: true,
        // A multi-location trial names every location (site 1 first); one site shows its location and field.
        render: (_, r) =>
          r.siteLocations.length > 1 ? (
            <span data-testid="experiment-sites" title={r.siteLocations.join(', ')}>
              {t('doe.experiment.sitesSummary', { n: r.siteLocations.length, names: r.siteLocations.join(t('doe.experiment.sitesSeparator')) })}
            </span>
          ) : (
            [r.locationName, r.fieldName].filter(Boolean).join(' / ') || '—'
          ),
      },
      { title: t('doe.experiment.project'), dataIndex: 'projectName', key: 'projectName', width: 160, ellipsis: true },
      {
        title: t('doe.experiment.designMethod'),
        dataIndex: 'designMethod',
        key: 'designMethod',
        sorter: true,
        width: 150,
        render: (v: string) => <DictTag dictType="doe_design_method" appKey="doe" value={v} />,
      },
      {
        title: t('doe.experiment.stage'),
        dataIndex: 'stage',
        key: 'stage',
        width: 120,
        render: (v: string | null) => <DictTag dictType="doe_exp_stage" appKey="doe" value={v} />,
      },
      { title: t('doe.experiment.sowingDate'), dataIndex: 'sowingDate', key: 'sowingDate', sorter: true, width: 120 },
      dateTimeColumn(t('common.updatedAt'), 'updatedAt'),
    ],
    [t, navigate],
  );
  return (
    <CrudPage
      resource={api.doe.experiment}
      columns={columns}
      params={{ status, projectId }}
      filters={{
        labels: {
          season: t('doe.common.season'),
          expType: t('doe.experiment.expType'),
          year: t('doe.common.year'),
          reps: t('doe.experiment.reps'),
          harvestDate: t('doe.experiment.harvestDate'),
        },
        options: {
          status: statusOptions,
          designMethod: methods,
          season: seasons,
          stage: stages,
          expType: EXP_TYPES.map((v) => ({ value: v, label: t(`doe.experiment.types.${v}`) })),
        },
      }}
      permissions={{ add: P.experimentAdd, remove: P.experimentRemove }}
      removable={(r) => !r.locked && (r.status === 'temporary' || r.status === 'designed')}
      actions={[
        { key: 'view', label: t('common.view'), onClick: (row) => navigate(doePaths.experimentView(row.id)) },
        {
          key: 'design',
          label: t('doe.experiment.design'),
          permission: P.experimentEdit,
          visible: (row) => !row.locked,
          onClick: (row) => navigate(doePaths.experimentEdit(row.id)),
        },
      ]}
      toolbar={
        <>
          <ProjectSelect
            style={{ width: 200 }}
            placeholder={t('doe.experiment.project')}
            value={projectId}
            onChange={(v) => setProjectId(v as number | undefined)}
          />
          <Select<ExperimentStatus | 'all'>
            style={{ width: 130 }}
            value={status ?? 'all'}
            onChange={(v) => setStatus(v === 'all' ? undefined : v)}
            options={[{ value: 'all', label: t('common.all') }, ...statusOptions]}
            aria-label={t('common.status')}
          />
        </>
      }
      form={{
        create: ExperimentCreate,
        titles: { create: t('doe.experiment.addTitle'), add: t('doe.experiment.add') },
        width: 720,
        defaults: () => ({ year: new Date().getFullYear(), season: 'spring', designMethod: 'alpha', reps: 2 }),
        onSaved: (row) => navigate(doePaths.experimentEdit(row.id)),
        fields: (form) => (
          <Row gutter={16}>
            <Field name="name" label={t('doe.experiment.name')} span={12}>
              <Input maxLength={100} />
            </Field>
            <Field name="projectId" label={t('doe.experiment.project')} span={12}>
              <ProjectSelect />
            </Field>
            <Field name="locationId" label={t('doe.experiment.location')} span={12}>
              <LocationSelect onChange={() => form.setFieldValue('fieldId', undefined)} />
            </Field>
            <Col span={12}>
              <Form.Item noStyle dependencies={['locationId']}>
                {({ getFieldValue }) => (
                  <Field name="fieldId" label={t('doe.experiment.field')}>
                    <FieldSelect locationId={getFieldValue('locationId') as number | undefined} />
                  </Field>
                )}
              </Form.Item>
            </Col>
            <Field name="year" label={t('doe.common.year')} span={6}>
              <InputNumber style={{ width: '100%' }} />
            </Field>
            <Field name="season" label={t('doe.common.season')} span={6}>
              <DictSelect dictType="doe_season" allowClear={false} />
            </Field>
            <Field name="designMethod" label={t('doe.experiment.designMethod')} span={6}>
              <DictSelect dictType="doe_design_method" allowClear={false} />
            </Field>
            <Field name="reps" label={t('doe.experiment.reps')} span={6}>
              <InputNumber min={1} max={100} style={{ width: '100%' }} />
            </Field>
          </Row>
        ),
      }}
    />
  );
}
