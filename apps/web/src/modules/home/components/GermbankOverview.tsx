import { useMemo, type ReactNode } from 'react';
import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  ExperimentOutlined,
  ExportOutlined,
  ImportOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import { Card, Col, Empty, Row, Statistic, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Permissions, hasPermission } from '@breedwise/contracts';
import { type LoginInfoData } from '@breedwise/contracts/auth';
import { menuIcon } from '../../../components/common';
import { useRegistry } from '../../../lib/registry-context';
import { pagesOfGroup } from '../dashboard-variant';
import { dashboardQueries } from '../dashboard-queries';

/** Germplasm figures of the bank (germ statistics), when the germ module answers and the user may see them. */
function useGermFigures(info: LoginInfoData) {
  const allowed = hasPermission(info.permissions, Permissions.germ.statisticsView);
  const crops = useQuery({ ...dashboardQueries.germCrops(info), retry: false });
  const years = useQuery({ ...dashboardQueries.germYears(info), retry: false });
  return { allowed, crops: crops.data, years: years.data };
}

/**
 * The germplasm-bank welcome (brand dashboard 'germbank'): the bank's name and mission in its colours,
 * its holdings (accessions and seed lots, per crop) and the last five years' intake and distribution.
 */
export function GermbankWelcome({ info }: { info: LoginInfoData }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as 'zh-CN' | 'en';
  const { crops, years } = useGermFigures(info);
  const totals = useMemo(
    () => (crops ?? []).reduce((s, c) => ({ accessions: s.accessions + c.accessions, lots: s.lots + c.lots }), { accessions: 0, lots: 0 }),
    [crops],
  );
  const thisYear = years?.[years.length - 1];
  const peak = Math.max(1, ...(years ?? []).map((y) => y.accessions));
  const held = (crops ?? []).filter((c) => c.accessions > 0 || c.lots > 0);
  return (
    <Card variant="borderless" className="bw-germbank-hero" style={{ ['--bw-brand' as string]: info.brand.primaryColor }} data-testid="germbank-hero">
      <div className="bw-germbank-head">
        {info.brand.logoUrl && <img src={info.brand.logoUrl} alt="" width={48} height={48} />}
        <div>
          <Typography.Title level={3} style={{ margin: 0, color: 'inherit' }}>
            {info.brand.nameI18n[lang] ?? info.brand.name}
          </Typography.Title>
          <div className="bw-germbank-tagline">{t('home.germbank.welcome')}</div>
          <div className="bw-germbank-greet">{t('home.germbank.greet', { name: info.userInfo.nickName, org: info.orgInfo?.orgName ?? '' })}</div>
        </div>
      </div>
      {crops && (
        <Row gutter={[24, 16]} className="bw-germbank-figures">
          <Col>
            <Statistic title={t('home.germbank.accessions')} value={totals.accessions} />
          </Col>
          <Col>
            <Statistic title={t('home.germbank.lots')} value={totals.lots} />
          </Col>
          {thisYear && (
            <Col>
              <Statistic title={t('home.germbank.inboundYear', { year: thisYear.year })} value={thisYear.inbound} />
            </Col>
          )}
          {thisYear && (
            <Col>
              <Statistic title={t('home.germbank.outboundYear', { year: thisYear.year })} value={thisYear.outbound} />
            </Col>
          )}
          {held.length > 0 && (
            <Col flex="auto" className="bw-germbank-crops">
              {held.map((c) => (
                <span key={c.cropId} className="bw-germbank-crop">
                  <b>{lang === 'en' ? c.nameEn : c.nameZh}</b> {t('home.germbank.cropLine', { accessions: c.accessions, lots: c.lots })}
                </span>
              ))}
            </Col>
          )}
        </Row>
      )}
      {years && years.length > 0 && (
        <div className="bw-germbank-years" aria-label={t('home.germbank.years')}>
          <span className="bw-germbank-years-title">{t('home.germbank.newPerYear')}</span>
          {years.map((y) => (
            <Tooltip key={y.year} title={t('home.germbank.yearTip', { ...y })}>
              <div className="bw-germbank-year">
                <span className="bw-germbank-value">{y.accessions}</span>
                <div className="bw-germbank-bar">
                  <span style={{ height: `${(y.accessions / peak) * 100}%` }} />
                </div>
                <span>{y.year}</span>
              </div>
            </Tooltip>
          ))}
        </div>
      )}
    </Card>
  );
}

const AREA_ICONS: Record<string, ReactNode> = {
  germplasm: <ExperimentOutlined />,
  inventory: <DatabaseOutlined />,
  inbound: <ImportOutlined />,
  outbound: <ExportOutlined />,
  stocktaking: <AuditOutlined />,
  scrap: <DeleteOutlined />,
  statistics: <BarChartOutlined />,
  cart: <ShoppingCartOutlined />,
};
/** An icon for a germplasm page without its own, by the last part of its menu name (germ-inbound). */
const areaIcon = (name: string) => AREA_ICONS[name.split('-').pop() ?? ''] ?? <AppstoreOutlined />;

/** The germplasm work areas: the pages of the germplasm menu group, large, first. */
export function GermplasmAreas({ info }: { info: LoginInfoData }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const lang = i18n.language as 'zh-CN' | 'en';
  const { isAvailable } = useRegistry();
  const pages = useMemo(() => pagesOfGroup(info.menu, 'germ', isAvailable), [info.menu, isAvailable]);
  return (
    <Card title={t('home.germbank.areas')} variant="borderless" data-testid="germbank-areas">
      {pages.length === 0 ? (
        <Empty description={t('home.germbank.noAreas')} />
      ) : (
        <div className="bw-area-grid">
          {pages.map((p) => (
            <button key={p.id} type="button" className="bw-area-tile" onClick={() => navigate(p.path)} data-testid="germbank-area">
              <span className="bw-area-icon">{p.meta.icon ? menuIcon(p.meta.icon) : areaIcon(p.name)}</span>
              <span className="bw-app-name">{p.meta.titleI18n[lang] ?? p.meta.title}</span>
            </button>
          ))}
        </div>
      )}
    </Card>
  );
}
