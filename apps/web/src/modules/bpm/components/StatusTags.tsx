import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InstanceStatus, TaskStatus } from '@breedwise/contracts/bpm';

const INSTANCE_COLORS: Record<InstanceStatus, string> = { running: 'processing', approved: 'success', rejected: 'error', cancelled: 'default' };
const TASK_COLORS: Record<TaskStatus, string> = { open: 'processing', approved: 'success', rejected: 'error', closed: 'default' };

export function InstanceStatusTag({ status }: { status: InstanceStatus }) {
  const { t } = useTranslation();
  return <Tag color={INSTANCE_COLORS[status]}>{t(`bpm.instanceStatus.${status}`)}</Tag>;
}

export function TaskStatusTag({ status }: { status: TaskStatus }) {
  const { t } = useTranslation();
  return <Tag color={TASK_COLORS[status]}>{t(`bpm.taskStatus.${status}`)}</Tag>;
}

/** A business type in words (the germ documents and leave requests have their names). */
export function useBusinessTypeLabel() {
  const { t } = useTranslation();
  return (type: string | null) => (type ? t(`bpm.businessTypes.${type}`, { defaultValue: type }) : t('bpm.businessTypes.none'));
}
