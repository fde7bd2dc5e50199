import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Image, List, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { EditOutlined, PaperClipOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { germPermissions as P } from '@breedwise/contracts/germ';
import { queryClient } from '../../../../lib/query';
import { usePermission } from '../../../../lib/permissions';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { api } from '../../api';
import { GermplasmFormModal } from '../components/GermplasmFormModal';
import { LabelPrintModal } from '../../labels/components/LabelPrintModal';
import { LedgerTable } from '../../inventory/components/LedgerTable';
import { LotTable } from '../../inventory/components/LotTable';
import { PedigreeViewer } from '../components/PedigreeViewer';
import { StockText } from '../../components/StockText';
import { TraitPanel } from '../components/TraitPanel';

const germplasm = api.germ.germplasm;

/** One germplasm: passport data, pedigree viewer, traits, seed lots with their history, images and documents. */
export default function GermplasmViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { params } = usePage();
  const id = Number(params.id);
  const { data, isLoading, isError, refetch } = useQuery({
    queryKey: [...germplasm.detail.key, id],
    queryFn: () => germplasm.detail({ id }),
    enabled: Number.isFinite(id),
  });
  useRecordTitle('germ.germplasm.viewTitle', data ? `${data.accessionNo} ${data.name}` : null);
  const [editing, setEditing] = useState(false);
  const [printing, setPrinting] = useState(false);
  const canEdit = usePermission(P.germplasmEdit);
  const canPrint = usePermission(P.labelPrint);
  const canStock = usePermission(P.inventoryList);

  if (isLoading)
    return (
      <div className="bw-page">
        <Spin />
      </div>
    );
  if (isError || !data)
    return (
      <div className="bw-page">
        <Result status="404" title={t('germ.germplasm.notFound')} />
      </div>
    );
  const parent = (pid: number | null, name: string | null, acc: string | null) =>
    pid ? <Typography.Link onClick={() => navigate(`/germ/germplasm/view/${pid}`)}>{`${acc} ${name}`}</Typography.Link> : '—';

  return (
    <div className="bw-page">
      <Card
        variant="borderless"
        data-testid="germplasm-view"
        title={
          <Space>
            <span>{data.name}</span>
            <Tag>{data.accessionNo}</Tag>
            <Tag color="blue">{t(`germ.types.${data.type}`)}</Tag>
            {data.generation && <Tag>{data.generation}</Tag>}
          </Space>
        }
        extra={
          <Space>
            {canPrint && (
              <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)}>
                {t('germ.label.print')}
              </Button>
            )}
            {canEdit && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('common.edit')}
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
          <Descriptions.Item label={t('germ.germplasm.synonyms')}>{data.synonyms.join('、') || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('germ.germplasm.origin')}>{data.origin ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('germ.germplasm.source')}>{data.source ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('germ.germplasm.femaleParent')}>
            {parent(data.femaleParentId, data.femaleParentName, data.femaleParentAccession)}
          </Descriptions.Item>
          <Descriptions.Item label={t('germ.germplasm.maleParent')}>
            {parent(data.maleParentId, data.maleParentName, data.maleParentAccession)}
          </Descriptions.Item>
          <Descriptions.Item label={t('germ.germplasm.introducedOn')}>{data.introducedOn ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('germ.germplasm.pedigree')} span={2}>
            {data.pedigree ? <Typography.Text code>{data.pedigree}</Typography.Text> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('germ.germplasm.stock')}>
            <StockText stock={data.stock} lots={data.lotCount} />
          </Descriptions.Item>
          {data.attributes.map((a) => (
            <Descriptions.Item key={a.key} label={a.key}>
              {a.value}
            </Descriptions.Item>
          ))}
          {data.remark && (
            <Descriptions.Item label={t('germ.germplasm.remark')} span={3}>
              {data.remark}
            </Descriptions.Item>
          )}
        </Descriptions>
        <Tabs
          style={{ marginTop: 16 }}
          items={[
            { key: 'pedigree', label: t('germ.tabs.pedigree'), children: <PedigreeViewer id={id} typed={data.pedigree} /> },
            { key: 'traits', label: t('germ.tabs.traits'), children: <TraitPanel id={id} editable={canEdit} /> },
            ...(canStock
              ? [
                  { key: 'lots', label: t('germ.tabs.lots', { count: data.lotCount }), children: <LotTable germplasmId={id} /> },
                  { key: 'history', label: t('germ.tabs.history'), children: <LedgerTable germplasmId={id} /> },
                ]
              : []),
            {
              key: 'files',
              label: t('germ.tabs.files', { count: data.images.length + data.documents.length }),
              children:
                data.images.length + data.documents.length === 0 ? (
                  <Empty description={t('germ.germplasm.noFiles')} />
                ) : (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    <Image.PreviewGroup>
                      <Space wrap>
                        {data.images.map((f) => (
                          <Image key={f.fileId} src={f.url} alt={f.fileName} width={160} height={120} style={{ objectFit: 'cover' }} />
                        ))}
                      </Space>
                    </Image.PreviewGroup>
                    <List
                      size="small"
                      dataSource={data.documents}
                      renderItem={(f) => (
                        <List.Item>
                          <a href={f.url} target="_blank" rel="noreferrer">
                            <PaperClipOutlined /> {f.fileName}
                          </a>
                        </List.Item>
                      )}
                    />
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <GermplasmFormModal
        open={editing}
        record={data}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          void refetch();
          // The list, this record's detail and its pedigree (all under the resource's key).
          void queryClient.invalidateQueries({ queryKey: germplasm.$key });
        }}
      />
      <LabelPrintModal open={printing} target="germplasm" ids={[id]} onClose={() => setPrinting(false)} />
    </div>
  );
}
