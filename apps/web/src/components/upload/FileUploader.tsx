import { useState } from 'react';
import { App, Button, Upload, type UploadFile } from 'antd';
import { UploadOutlined, PlusOutlined } from '@ant-design/icons';
import ImgCrop from 'antd-img-crop';
import { useTranslation } from 'react-i18next';
import type { FileKind, UploadResult } from '@breedwise/contracts/common';
import { platformApi } from '../../lib/platform-api';
import { uploadFile } from '../../lib/upload';
import { isImageFile, overLimit, withinSize } from './upload-rules';

export interface FileUploaderProps {
  kind?: FileKind;
  businessType?: string;
  /** 1: a single uploader that keeps one file; 0: no limit (spec defaults). */
  maxCount?: number;
  maxSizeMb?: number;
  value?: UploadResult[];
  onChange?(files: UploadResult[]): void;
  accept?: string;
  /** Images only: a crop dialog opens first, the upload follows the confirmation. */
  crop?: boolean;
  /** Picture cards for images, a list otherwise. */
  listType?: 'text' | 'picture-card';
  disabled?: boolean;
}

const toItem = (f: UploadResult): UploadFile => ({ uid: f.fileId, name: f.fileName, status: 'done', url: f.src, response: f });

/**
 * Uploader of spec sections 2, 4, 5: single or multi, image check, size check, crop dialog,
 * progress, removal with confirmation, and an 'upload failed' notification (the file is cleared).
 */
export function FileUploader({
  kind = 'any',
  businessType = 'common',
  maxCount = 0,
  maxSizeMb = 10,
  value = [],
  onChange,
  accept,
  crop,
  listType,
  disabled,
}: FileUploaderProps) {
  const { t } = useTranslation();
  const { message, modal, notification } = App.useApp();
  const [pending, setPending] = useState<UploadFile[]>([]);
  const images = kind === 'image';
  const single = maxCount === 1;
  const list: UploadFile[] = [...value.map(toItem), ...pending];

  const upload = (
    <Upload
      accept={accept ?? (images ? 'image/gif,image/jpeg,image/png' : undefined)}
      listType={listType ?? (images ? 'picture-card' : 'text')}
      fileList={list}
      multiple={!single}
      disabled={disabled}
      beforeUpload={(file, batch) => {
        if (images && !isImageFile(file)) {
          void message.error(t('upload.notImage'));
          return Upload.LIST_IGNORE;
        }
        if (!withinSize(file, maxSizeMb)) {
          void message.error(t('upload.tooLarge', { limit: maxSizeMb }));
          return Upload.LIST_IGNORE;
        }
        if (!single && overLimit(value.length + pending.length, batch.indexOf(file) + 1, maxCount)) {
          if (batch.indexOf(file) === batch.length - 1 || batch.length === 1) void message.warning(t('upload.tooMany', { limit: maxCount }));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onProgress, onSuccess, onError }) => {
        const f = file as File & { uid: string };
        setPending((p) => [...p, { uid: f.uid, name: f.name, status: 'uploading', percent: 0 }]);
        uploadFile(platformApi.common.file.upload, f, { kind, businessType }, (percent) => {
          onProgress?.({ percent });
          setPending((p) => p.map((x) => (x.uid === f.uid ? { ...x, percent } : x)));
        }).promise.then(
          (result) => {
            setPending((p) => p.filter((x) => x.uid !== f.uid));
            onChange?.(single ? [result] : [...value, result]);
            onSuccess?.(result);
          },
          (err: Error) => {
            setPending((p) => p.filter((x) => x.uid !== f.uid));
            notification.error({ title: t('upload.failed'), description: err.message || t('upload.unknownError') });
            onError?.(err);
          },
        );
      }}
      onRemove={(item) =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title: t('upload.removeConfirm'),
            okText: t('common.ok'),
            cancelText: t('common.cancel'),
            onOk: () => {
              onChange?.(value.filter((v) => v.fileId !== item.uid));
              resolve(true);
            },
            onCancel: () => resolve(false),
          });
        })
      }
    >
      {(single && list.length >= 1 && images) || (maxCount > 1 && list.length >= maxCount) ? null : images ? (
        <div className="bw-upload-card">
          <PlusOutlined />
          <div>{t('upload.chooseImage')}</div>
        </div>
      ) : (
        <Button icon={<UploadOutlined />} disabled={disabled}>
          {t('upload.choose')}
        </Button>
      )}
    </Upload>
  );

  if (crop && images) {
    return (
      <ImgCrop modalTitle={t('upload.crop')} modalOk={t('common.ok')} modalCancel={t('common.cancel')} rotationSlider showReset>
        {upload}
      </ImgCrop>
    );
  }
  return upload;
}
