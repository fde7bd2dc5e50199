import { useRef, useState } from 'react';
import { App, Button, Progress, Space, Typography, Upload } from 'antd';
import { CloudUploadOutlined, PauseOutlined, CaretRightOutlined } from '@ant-design/icons';
import type * as Tus from 'tus-js-client';
import { useTranslation } from 'react-i18next';
import { TOKEN_HEADER } from '@breedwise/contracts';
import type { FileKind, UploadResult } from '@breedwise/contracts/common';
import i18n from '../../lib/i18n';
import { platformApi } from '../../lib/platform-api';
import { useSession } from '../../lib/session';

export interface ResumableUploaderProps {
  kind?: FileKind;
  businessType?: string;
  accept?: string;
  onDone(result: UploadResult): void;
}

/** Large files in 5 MB pieces over the tus protocol: pausable, and resumed after a dropped connection. */
export function ResumableUploader({ kind = 'any', businessType = 'common', accept, onDone }: ResumableUploaderProps) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const current = useRef<Tus.Upload | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [percent, setPercent] = useState(0);
  const [paused, setPaused] = useState(false);

  const start = async (file: File) => {
    setName(file.name);
    setPercent(0);
    setPaused(false);
    // The tus client loads with the first upload, not with every screen that offers one.
    const tus = await import('tus-js-client');
    const upload = new tus.Upload(file, {
      endpoint: platformApi.common.tus.create.url(),
      chunkSize: 5 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, kind, businessType },
      onBeforeRequest: (req) => {
        const token = useSession.getState().token;
        if (token) req.setHeader(TOKEN_HEADER, token);
        req.setHeader('accept-language', i18n.language || 'zh-CN');
      },
      onProgress: (sent, total) => setPercent(Math.floor((sent / total) * 100)),
      onError: (err) => {
        const body = (err as Tus.DetailedError).originalResponse?.getBody();
        let msg = t('upload.interrupted');
        try {
          msg = JSON.parse(body ?? '').msg ?? msg;
        } catch {
          // not our envelope: keep the generic text
        }
        notification.error({ title: t('upload.failed'), description: msg });
        setName(null);
      },
      onSuccess: async () => {
        const id = upload.url?.split('/').pop() ?? '';
        const result = await platformApi.common.tus.result({ id });
        setName(null);
        onDone(result);
      },
    });
    current.current = upload;
    // A file started before (same name, size, date) resumes where it stopped.
    void upload.findPreviousUploads().then((previous) => {
      if (previous.length) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  };

  return (
    <div className="bw-resumable" data-testid="resumable-uploader">
      <Upload
        accept={accept}
        showUploadList={false}
        beforeUpload={(file) => {
          void start(file);
          return false;
        }}
        disabled={!!name}
      >
        <Button icon={<CloudUploadOutlined />} disabled={!!name}>
          {t('upload.resumable')}
        </Button>
      </Upload>
      {name && (
        <div className="bw-resumable-progress">
          <Typography.Text ellipsis style={{ maxWidth: 320 }}>
            {name}
          </Typography.Text>
          <Progress percent={percent} size="small" status={paused ? 'normal' : 'active'} />
          <Space>
            {paused ? (
              <Button
                size="small"
                icon={<CaretRightOutlined />}
                onClick={() => {
                  current.current?.start();
                  setPaused(false);
                }}
              >
                {t('upload.resume')}
              </Button>
            ) : (
              <Button
                size="small"
                icon={<PauseOutlined />}
                onClick={() => {
                  void current.current?.abort();
                  setPaused(true);
                }}
              >
                {t('upload.pause')}
              </Button>
            )}
          </Space>
        </div>
      )}
    </div>
  );
}
