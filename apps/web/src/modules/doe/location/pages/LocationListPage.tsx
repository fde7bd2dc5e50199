import { useMemo, useState, type Key } from 'react';
import { App, Button, Card, Drawer, Input, Popconfirm, Segmented, Select, Space, Tag, Typography } from 'antd';
import { CheckCircleOutlined, EnvironmentOutlined, PlusOutlined, StopOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { FilterItem, Locale } from '@breedwise/contracts';
import { countryLabel, doePermissions as P, GERMPLASM_FIELD_TYPE, locationList, type LocationRow, type LocationStatus } from '@breedwise/contracts/doe';
import dayjs from 'dayjs';
import { DataTable } from '../../../../components/data-table/DataTable';
import { FilterButton, fieldsFromSpec } from '../../../../components/filter-drawer';
import { ExportButton, ImportButton } from '../../../../components/import-export';
import { queryClient } from '../../../../lib/query';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { doePaths } from '../../paths';
import { LocationFormModal } from '../components/LocationFormModal';
import { FieldsPanel } from '../../field/components/FieldsPanel';
import { LocationMap } from '../components/map/LocationMap';
import { usePage } from '../../../../lib/page-context';

/**
 * Experiment locations (spec section 3): list and map modes, add, edit, enable/disable, delete, and each
 * location's fields. Opened from the germplasm location menu entry it works on germplasm fields (type 3).
 */
export default function LocationListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const germplasm = usePage().path.startsWith('/doe/germplasm/');
  const fieldType = germplasm ? GERMPLASM_FIELD_TYPE : undefined;
  const [mode, setMode] = useState<'list' | 'map'>('list');
  const [fieldsOf, setFieldsOf] = useState<LocationRow | null>(null);
  const [discarded, setDiscarded] = useState<'hide' | 'only' | 'all'>('hide');
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<LocationStatus | undefined>();
  const [filters, setFilters] = useState<FilterItem[]>([]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<LocationRow | null | undefined>(undefined);
  const canAdd = usePermission(P.locationAdd);
  const canEdit = usePermission(P.locationEdit);
  const canRemove = usePermission(P.locationRemove);
  const canImport = usePermission(P.locationImport);
  const canExport = usePermission(P.locationExport);

  const refresh = () => queryClient.invalidateQueries({ queryKey: api.doe.location.$key });
  const changeStatus = async (ids: number[], next: LocationStatus) => {
    const { updated } = await api.doe.location.status({ ids, status: next });
    void message.success(t('doe.location.statusChanged', { count: updated }));
    setSelected([]);
    await refresh();
  };
  const remove = async (row: LocationRow) => {
    await api.doe.location.remove({ id: row.id });
    void message.success(t('doe.location.deleted', { name: row.name }));
    setSelected((keys) => keys.filter((k) => k !== row.id));
    await refresh();
  };

  const columns = useMemo<ColumnsType<LocationRow>>(
    () => [
      {
        title: t('doe.location.name'),
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        fixed: 'left',
        width: 180,
        render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
      },
      { title: t('doe.location.code'), dataIndex: 'code', key: 'code', sorter: true, width: 120 },
      {
        title: t('doe.location.country'),
        dataIndex: 'country',
        key: 'country',
        sorter: true,
        width: 100,
        render: (v: string | null) => countryLabel(v, i18n.language as Locale) || '—',
      },
      { title: t('doe.location.province'), dataIndex: 'province', key: 'province', sorter: true, width: 100 },
      { title: t('doe.location.city'), dataIndex: 'city', key: 'city', sorter: true, width: 100 },
      {
        title: t('doe.location.coordinates'),
        key: 'coordinates',
        width: 180,
        render: (_, r) => (r.longitude === null || r.latitude === null ? '—' : `${r.longitude.toFixed(4)}, ${r.latitude.toFixed(4)}`),
      },
      {
        title: t('common.status'),
        dataIndex: 'status',
        key: 'status',
        sorter: true,
        width: 90,
        render: (v: LocationStatus, r) => (
          <Space size={2}>
            <Tag color={v === 'enabled' ? 'success' : 'default'}>{t(`common.${v}`)}</Tag>
            {r.discarded && <Tag color="red">{t('doe.field.discarded')}</Tag>}
          </Space>
        ),
      },
      { title: t('doe.location.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true, width: 200 },
      { title: t('common.createdBy'), dataIndex: 'createdBy', key: 'createdBy', width: 110 },
      {
        title: t('common.updatedAt'),
        dataIndex: 'updatedAt',
        key: 'updatedAt',
        sorter: true,
        width: 160,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        width: 350,
        render: (_, row) => (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => setFieldsOf(row)} data-testid="location-fields">
              {t('doe.location.fields')}
            </Button>
            <Button type="link" size="small" onClick={() => navigate(doePaths.locationView(row.id))}>
              {t('common.view')}
            </Button>
            {canEdit && (
              <Button type="link" size="small" onClick={() => setEditing(row)}>
                {t('common.edit')}
              </Button>
            )}
            {canEdit && (
              <Button type="link" size="small" onClick={() => changeStatus([row.id], row.status === 'enabled' ? 'disabled' : 'enabled')}>
                {row.status === 'enabled' ? t('common.disable') : t('common.enable')}
              </Button>
            )}
            {canEdit && (
              <Button
                type="link"
                size="small"
                onClick={async () => {
                  await api.doe.location.discard({ ids: [row.id], discarded: !row.discarded });
                  void message.success(t('doe.common.done'));
                  await refresh();
                }}
              >
                {row.discarded ? t('doe.field.restore') : t('doe.field.discard')}
              </Button>
            )}
            {canRemove && (
              <Popconfirm
                title={t('common.deleteConfirm', { name: row.name })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => remove(row)}
              >
                <Button type="link" size="small" danger>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, canEdit, canRemove],
  );

  const params = useMemo(
    () => ({ keyword: keyword || undefined, status, discarded, filters: filters.length ? filters : undefined }),
    [keyword, status, discarded, filters],
  );
  const filterFields = useMemo(
    () =>
      fieldsFromSpec(
        locationList,
        {
          name: t('doe.location.name'),
          code: t('doe.location.code'),
          country: t('doe.location.country'),
          province: t('doe.location.province'),
          city: t('doe.location.city'),
          remark: t('doe.location.remark'),
          status: t('common.status'),
          longitude: t('doe.location.longitude'),
          latitude: t('doe.location.latitude'),
          createdAt: t('common.createdAt'),
          updatedAt: t('common.updatedAt'),
        },
        {
          status: [
            { value: 'enabled', label: t('common.enabled') },
            { value: 'disabled', label: t('common.disabled') },
          ],
        },
      ),
    [t],
  );
  const ids = selected.map(Number);

  return (
    <div className="bw-page">
      <Card
        title={t(germplasm ? 'doe.location.germplasmTitle' : 'doe.location.title')}
        variant="borderless"
        extra={
          <Segmented
            value={mode}
            onChange={(v) => setMode(v as 'list' | 'map')}
            data-testid="location-mode"
            options={[
              { value: 'list', label: t('doe.location.listMode'), icon: <UnorderedListOutlined /> },
              { value: 'map', label: t('doe.location.mapMode'), icon: <EnvironmentOutlined /> },
            ]}
          />
        }
      >
        {mode === 'map' ? (
          <MapMode onOpen={(l) => setFieldsOf(l)} />
        ) : (
          <DataTable<LocationRow>
            testId="location-table"
            tableName="doe.location"
            params={params}
            endpoint={api.doe.location.page}
            columns={columns}
            rowKey="id"
            selectable={canEdit}
            selectedKeys={selected}
            onSelectionChange={(keys) => setSelected(keys)}
            toolbar={
              <>
                <Input.Search
                  allowClear
                  placeholder={t('doe.location.keyword')}
                  style={{ width: 240 }}
                  onSearch={(v) => setKeyword(v.trim())}
                  data-testid="location-search"
                />
                <Select<LocationStatus | 'all'>
                  style={{ width: 120 }}
                  value={status ?? 'all'}
                  onChange={(v) => setStatus(v === 'all' ? undefined : v)}
                  aria-label={t('doe.location.statusFilter')}
                  options={[
                    { value: 'all', label: t('common.all') },
                    { value: 'enabled', label: t('common.enabled') },
                    { value: 'disabled', label: t('common.disabled') },
                  ]}
                />
                <Segmented
                  value={discarded}
                  onChange={(v) => setDiscarded(v as typeof discarded)}
                  options={[
                    { value: 'hide', label: t('doe.field.inUse') },
                    { value: 'only', label: t('doe.field.discardedOnes') },
                    { value: 'all', label: t('common.all') },
                  ]}
                />
                <FilterButton name="doe.location" fields={filterFields} value={filters} onChange={setFilters} />
                {canAdd && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="location-add">
                    {t('doe.location.add')}
                  </Button>
                )}
                {canImport && <ImportButton resource="/doe/api/location" title={t('doe.location.title')} onImported={() => void refresh()} />}
                {canExport && <ExportButton url="/doe/api/location/export" params={params} fileName={`${t('doe.location.title')}.xlsx`} />}
                {canEdit && (
                  <>
                    <Button icon={<CheckCircleOutlined />} disabled={!ids.length} onClick={() => changeStatus(ids, 'enabled')}>
                      {t('doe.location.enableSelected')}
                    </Button>
                    <Button icon={<StopOutlined />} disabled={!ids.length} onClick={() => changeStatus(ids, 'disabled')}>
                      {t('doe.location.disableSelected')}
                    </Button>
                  </>
                )}
              </>
            }
          />
        )}
      </Card>
      <Drawer
        open={!!fieldsOf}
        onClose={() => setFieldsOf(null)}
        size={1100}
        title={t(germplasm ? 'doe.location.germplasmFieldsOf' : 'doe.location.fieldsOf', { name: fieldsOf?.name })}
        destroyOnHidden
      >
        {fieldsOf && <FieldsPanel locationId={fieldsOf.id} type={fieldType} />}
      </Drawer>
      <LocationFormModal
        open={editing !== undefined}
        location={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void refresh();
        }}
      />
    </div>
  );
}

/** Map mode: the enabled and disabled locations with coordinates; clicking one opens its fields. */
function MapMode({ onOpen }: { onOpen(location: LocationRow): void }) {
  const { data } = useQuery({ queryKey: [...api.doe.location.$key, 'map'], queryFn: () => api.doe.location.page({ pageSize: 200 }) });
  return <LocationMap locations={data?.rows ?? []} onSelect={onOpen} />;
}
