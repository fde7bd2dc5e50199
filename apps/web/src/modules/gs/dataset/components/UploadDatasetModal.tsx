import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Progress, Radio, Select, Space, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GS_CODE, GS_LIMITS, type DatasetRow } from '@breedwise/contracts/gs';
import { api } from '../../api';
import { download, uploadForm } from '../../components/transfer';

interface Values {
  name: string;
  description?: string;
  type: 'inbred' | 'hybrid';
  traitCodes: string[];
}

/**
 * The dataset upload (spec 7: POST api/ds/create, multipart, traitCodes repeated): name, description,
 * trait codes, the phenotype CSV made from the template and the PLINK .zip. The server checks every
 * spec-5 rule and names file, line and rule; its message is shown here as it comes.
 */
export function UploadDatasetModal({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(row: DatasetRow): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [pheno, setPheno] = useState<File | null>(null);
  const [geno, setGeno] = useState<File | null>(null);
  const [pedigree, setPedigree] = useState<File | null>(null);
  const type = Form.useWatch('type', form) ?? 'inbred';
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    form.resetFields();
    setPheno(null);
    setGeno(null);
    setPedigree(null);
    setPercent(null);
    setError(null);
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields();
    if (!pheno || !geno || (values.type === 'hybrid' && !pedigree)) {
      setError(t('gs.dataset.filesRequired'));
      return;
    }
    setError(null);
    setPercent(0);
    const url = `${api.gs.dataset.create.url()}?${values.traitCodes.map((c) => `traitCodes=${encodeURIComponent(c)}`).join('&')}`;
    try {
      const row = await uploadForm<DatasetRow>(
        url,
        { name: values.name.trim(), description: values.description?.trim() ?? '', type: values.type },
        { phenotype: pheno, genotype: geno, ...(values.type === 'hybrid' && pedigree ? { pedigree } : {}) },
        setPercent,
      ).promise;
      message.success(t('gs.dataset.created', { name: row.name }));
      close();
      onCreated(row);
    } catch (e) {
      setError((e as Error).message);
      setPercent(null);
    }
  };

  const template = (kind: 'inbred' | 'hybrid' | 'pedigree') => {
    const codes = (form.getFieldValue('traitCodes') as string[] | undefined) ?? [];
    void download(
      api.gs.dataset.template.url({ ...(codes.length ? { traitCodes: codes } : {}), ...(kind === 'inbred' ? {} : { type: kind }) }),
      'GET',
      kind === 'pedigree' ? 'pedigree_template.csv' : 'phenotype_template.csv',
    ).catch((e: Error) => message.error(e.message));
  };

  return (
    <Modal
      open={open}
      title={t('gs.dataset.add')}
      width={640}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="c" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <Button key="s" type="primary" loading={percent !== null} onClick={() => void submit()} data-testid="dataset-submit">
          {t('gs.dataset.upload')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" data-testid="dataset-form" initialValues={{ type: 'inbred' }}>
        <Form.Item name="type" label={t('gs.dataset.type')} extra={type === 'hybrid' ? t('gs.dataset.hybridHelp') : undefined}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'inbred', label: t('gs.dataset.types.inbred') },
              { value: 'hybrid', label: t('gs.dataset.types.hybrid') },
            ]}
            data-testid="dataset-type"
          />
        </Form.Item>
        <Form.Item name="name" label={t('gs.dataset.name')} rules={[{ required: true, whitespace: true }, { max: GS_LIMITS.datasetName }]}>
          <Input maxLength={GS_LIMITS.datasetName} showCount />
        </Form.Item>
        <Form.Item name="description" label={t('gs.dataset.description')} rules={[{ max: GS_LIMITS.description }]}>
          <Input maxLength={GS_LIMITS.description} showCount />
        </Form.Item>
        <Form.Item
          name="traitCodes"
          label={t('gs.dataset.traitCodes')}
          extra={t('gs.dataset.traitCodesHelp')}
          rules={[
            { required: true, type: 'array', min: 1 },
            {
              validator: (_, v: string[] | undefined) =>
                (v ?? []).every((c) => GS_CODE.test(c)) ? Promise.resolve() : Promise.reject(new Error(t('gs.dataset.codeRule'))),
            },
          ]}
        >
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} data-testid="dataset-traits" />
        </Form.Item>
        <Form.Item label={t('gs.dataset.phenotypeFile')} required extra={t(type === 'hybrid' ? 'gs.dataset.hybridPhenotypeHelp' : 'gs.dataset.phenotypeHelp')}>
          <Space wrap>
            <Upload
              accept=".csv"
              maxCount={1}
              beforeUpload={(f) => {
                setPheno(f);
                return false;
              }}
              onRemove={() => setPheno(null)}
              fileList={pheno ? [{ uid: 'p', name: pheno.name }] : []}
            >
              <Button icon={<UploadOutlined />} data-testid="dataset-phenotype">
                {t('gs.dataset.chooseFile')}
              </Button>
            </Upload>
            <Button type="link" icon={<DownloadOutlined />} onClick={() => template(type)} data-testid="dataset-template">
              {t('gs.dataset.template')}
            </Button>
          </Space>
        </Form.Item>
        <Form.Item label={t('gs.dataset.genotypeFile')} required extra={t('gs.dataset.genotypeHelp')}>
          <Upload
            accept=".zip"
            maxCount={1}
            beforeUpload={(f) => {
              setGeno(f);
              return false;
            }}
            onRemove={() => setGeno(null)}
            fileList={geno ? [{ uid: 'g', name: geno.name }] : []}
          >
            <Button icon={<UploadOutlined />} data-testid="dataset-genotype">
              {t('gs.dataset.chooseFile')}
            </Button>
          </Upload>
        </Form.Item>
        {type === 'hybrid' && (
          <Form.Item label={t('gs.dataset.pedigreeFile')} required extra={t('gs.dataset.pedigreeHelp')}>
            <Space wrap>
              <Upload
                accept=".csv"
                maxCount={1}
                beforeUpload={(f) => {
                  setPedigree(f);
                  return false;
                }}
                onRemove={() => setPedigree(null)}
                fileList={pedigree ? [{ uid: 'd', name: pedigree.name }] : []}
              >
                <Button icon={<UploadOutlined />} data-testid="dataset-pedigree">
                  {t('gs.dataset.chooseFile')}
                </Button>
              </Upload>
              <Button type="link" icon={<DownloadOutlined />} onClick={() => template('pedigree')} data-testid="dataset-pedigree-template">
                {t('gs.dataset.pedigreeTemplate')}
              </Button>
            </Space>
          </Form.Item>
        )}
        {percent !== null && <Progress percent={percent} status="active" />}
        {error && <Alert type="error" showIcon message={error} data-testid="dataset-error" />}
      </Form>
    </Modal>
  );
}
