import type { DynamicFormSchema } from '@breedwise/contracts';

const L = (zh: string, en: string) => ({ 'zh-CN': zh, en });

/** The forms the default models name (`bw:formKey`), seeded in every organisation before the models are deployed. */
export const DEFAULT_FORMS: { key: string; name: string; remark: string; schema: DynamicFormSchema }[] = [
  {
    key: 'generic-request',
    name: '通用申请 General request',
    remark: 'One-step approval, countersign then director',
    schema: {
      fields: [
        { name: 'title', label: L('标题', 'Title'), type: 'text', required: true, maxLength: 100, span: 24 },
        { name: 'content', label: L('申请内容', 'Request'), type: 'textarea', required: true, maxLength: 1000, span: 24 },
      ],
    },
  },
  {
    key: 'purchase-request',
    name: '采购申请 Purchase request',
    remark: 'Two-step by amount: above 5,000 the finance step follows',
    schema: {
      fields: [
        { name: 'title', label: L('标题', 'Title'), type: 'text', required: true, maxLength: 100 },
        { name: 'amount', label: L('金额（元）', 'Amount (CNY)'), type: 'number', required: true, min: 0, max: 100_000_000 },
        {
          name: 'urgency',
          label: L('紧急程度', 'Urgency'),
          type: 'radio',
          required: true,
          defaultValue: 'normal',
          options: [
            { value: 'normal', label: L('普通', 'Normal') },
            { value: 'urgent', label: L('紧急', 'Urgent') },
          ],
        },
        {
          name: 'urgentReason',
          label: L('紧急原因', 'Why urgent'),
          type: 'textarea',
          maxLength: 500,
          required: true,
          hidden: { all: [{ field: 'urgency', op: 'ne', value: 'urgent' }] },
          span: 24,
        },
      ],
    },
  },
  {
    key: 'leave-request',
    name: '请假单 Leave request',
    remark: 'Leave requests: above three days the department head approves too',
    schema: {
      fields: [
        { name: 'days', label: L('天数', 'Days'), type: 'number', required: true, min: 0.5, max: 365 },
        { name: 'reason', label: L('事由', 'Reason'), type: 'textarea', required: true, maxLength: 500, span: 24 },
      ],
    },
  },
  {
    key: 'approval-opinion',
    name: '审批意见 Approval opinion',
    remark: 'What an approver may add when approving',
    schema: {
      fields: [
        {
          name: 'opinion',
          label: L('意见', 'Opinion'),
          type: 'radio',
          options: [
            { value: 'agree', label: L('同意', 'Agree') },
            { value: 'conditional', label: L('有条件同意', 'Agree with conditions') },
          ],
        },
        {
          name: 'conditions',
          label: L('条件', 'Conditions'),
          type: 'textarea',
          maxLength: 500,
          required: true,
          hidden: { all: [{ field: 'opinion', op: 'ne', value: 'conditional' }] },
          span: 24,
        },
      ],
    },
  },
];
