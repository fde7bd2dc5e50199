import { useEffect, useRef } from 'react';
import { App, Button, Select, Space, Tooltip, Typography, type ButtonProps } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { systemPermissions as P } from '@breedwise/contracts/system';
import type { BuildListData } from '@breedwise/contracts/gws';
import { queryClient } from '../../../../lib/query';
import { useLoginInfo } from '../../../../lib/login-info';
import { usePermission } from '../../../../lib/permissions';
import { platformApi } from '../../../../lib/platform-api';
import '../../system.css';

/** The build list of the current crop; GS pages key their queries under `['gs', ...]` too. */
export const buildListKey = ['gs', 'builds'] as const;

/** The path of the crops and genome builds screen (menu entry system.crop). */
export const GENOME_BUILDS_PATH = '/system/crop';

/** Which crop the crops screen should open on (set by the prompt's go-define). */
export const useCropFocus = create<{ cropId: number | null; focus(cropId: number | null): void }>((set) => ({
  cropId: null,
  focus: (cropId) => set({ cropId }),
}));

/** The genome builds of the current crop and the user's current one (gws getBuildList). */
export function useGenomeBuilds() {
  const { data: info } = useLoginInfo();
  // The list follows the session's crop: switching crops gives another key.
  return useQuery({
    queryKey: [...buildListKey, info?.cropInfo?.cropId ?? null],
    queryFn: () => platformApi.gws.build.list(),
    enabled: !!info,
    staleTime: 60_000,
  });
}

/** The user's current genome build of the current crop, or null when the crop has none. */
export function useCurrentBuild(): BuildListData['builds'][number] | null {
  const { data } = useGenomeBuilds();
  return data?.builds.find((b) => b.buildId === data.currentBuildId) ?? null;
}

/**
 * The prompt of spec sections 5 and 8: the crop has no genome version. Go-define opens the crops and
 * genome builds screen on that crop; a user who may not open that screen is told to ask for one.
 */
export function useNoBuildPrompt() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { data: info } = useLoginInfo();
  const canDefine = usePermission(P.cropList);
  const focus = useCropFocus((s) => s.focus);
  return () => {
    const crop = info?.cropInfo ? (info.cropInfo.nameI18n[i18n.language as 'zh-CN' | 'en'] ?? info.cropInfo.name) : '';
    if (!canDefine) {
      modal.warning({ title: t('system.build.noneTitle'), content: t('system.build.noneAsk', { crop }), okText: t('common.ok') });
      return;
    }
    modal.confirm({
      title: t('system.build.noneTitle'),
      content: t('system.build.noneContent', { crop }),
      okText: t('system.build.goDefine'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'build-go-define' } as ButtonProps,
      cancelButtonProps: { 'data-testid': 'build-prompt-cancel' } as ButtonProps,
      onOk: () => {
        focus(info?.cropInfo?.cropId ?? null);
        navigate(GENOME_BUILDS_PATH);
      },
    });
  };
}

export interface GenomeBuildSelectorProps {
  /** Opens the 'no genome version defined' prompt by itself (once per crop) when the crop has none. */
  prompt?: boolean;
  size?: 'small' | 'middle' | 'large';
  /** Called after the user switched builds, with the new current one. */
  onChange?(build: BuildListData['builds'][number]): void;
}

/**
 * The genome build selector of the gene-selection pages (spec section 2): the builds of the current
 * crop, the user's current one selected; choosing another sets it on the server (remembered per user
 * and crop) and refreshes the GS data. Without builds it offers to define one (the prompt).
 */
export function GenomeBuildSelector({ prompt = true, size, onChange }: GenomeBuildSelectorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data, isLoading } = useGenomeBuilds();
  const showPrompt = useNoBuildPrompt();
  const prompted = useRef<number | null>(null);
  const missing = !!data && data.cropId !== null && data.builds.length === 0;

  useEffect(() => {
    if (!prompt || !missing || prompted.current === data!.cropId) return;
    prompted.current = data!.cropId;
    showPrompt();
  }, [prompt, missing, data, showPrompt]);

  if (isLoading || !data) return <Select size={size} loading disabled style={{ minWidth: 180 }} />;
  if (data.cropId === null) return <Typography.Text type="secondary">{t('system.build.noCrop')}</Typography.Text>;
  if (missing) {
    return (
      <Tooltip title={t('system.build.noneTitle')}>
        <Button size={size} icon={<WarningOutlined />} className="bw-build-missing" onClick={showPrompt} data-testid="genome-build-missing">
          {t('system.build.none')}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Space size={6} className="bw-build-selector">
      <Typography.Text type="secondary">{t('system.build.label')}</Typography.Text>
      <Select
        size={size}
        data-testid="genome-build-select"
        aria-label={t('system.build.label')}
        value={data.currentBuildId ?? undefined}
        popupMatchSelectWidth={false}
        style={{ minWidth: 180 }}
        options={data.builds.map((b) => ({ value: b.buildId, label: b.name === b.code ? b.code : `${b.name} (${b.code})` }))}
        onChange={async (buildId: number) => {
          try {
            const next = await platformApi.gws.build.setCurrent({ currentBuildId: buildId }, { errorMode: 'silent' });
            queryClient.setQueryData([...buildListKey, next.cropId], next);
            // Genomic data depends on the build: everything under 'gs' is stale now.
            await queryClient.invalidateQueries({ queryKey: ['gs'], predicate: (q) => q.queryKey[1] !== 'builds' });
            const build = next.builds.find((b) => b.buildId === next.currentBuildId)!;
            void message.success(t('system.build.switched', { build: build.name }));
            onChange?.(build);
          } catch (err) {
            void message.error((err as Error).message);
          }
        }}
      />
    </Space>
  );
}
