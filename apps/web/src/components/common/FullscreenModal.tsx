import { useState } from 'react';
import { Button, Modal, Tooltip, type ModalProps } from 'antd';
import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A dialog with a full-screen toggle in its title bar. */
export function FullscreenModal({ title, children, width = 800, ...rest }: ModalProps) {
  const { t } = useTranslation();
  const [full, setFull] = useState(false);
  return (
    <Modal
      {...rest}
      width={full ? '100vw' : width}
      style={full ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : rest.style}
      styles={full ? { body: { height: 'calc(100vh - 140px)', overflow: 'auto' } } : undefined}
      title={
        <div className="bw-modal-title">
          <span>{title}</span>
          <Tooltip title={full ? t('dialog.exitFullscreen') : t('dialog.fullscreen')}>
            <Button
              type="text"
              size="small"
              icon={full ? <CompressOutlined /> : <ExpandOutlined />}
              onClick={() => setFull((v) => !v)}
              aria-label={full ? t('dialog.exitFullscreen') : t('dialog.fullscreen')}
            />
          </Tooltip>
        </div>
      }
    >
      {children}
    </Modal>
  );
}
