import { useEffect, useState } from 'react';
import { Button, Input, Space } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  value?: string;
  onChange?(value: string): void;
  /** Sends a code; answers the seconds until another may be sent. Throws to keep the button enabled. */
  onSend(): Promise<number>;
  testId?: string;
}

/** A six-digit code input with a send button that counts down until a new code may be sent. */
export function SmsCodeInput({ value, onChange, onSend, testId }: Props) {
  const { t } = useTranslation();
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        prefix={<MessageOutlined />}
        value={value}
        onChange={(e) => onChange?.(e.target.value.replace(/\D/g, '').slice(0, 6))}
        placeholder={t('auth.smsCode')}
        aria-label={t('auth.smsCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        data-testid={testId}
      />
      <Button
        disabled={wait > 0}
        loading={sending}
        data-testid={testId ? `${testId}-send` : undefined}
        onClick={async () => {
          setSending(true);
          try {
            setWait(await onSend());
          } finally {
            setSending(false);
          }
        }}
      >
        {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.sendCode')}
      </Button>
    </Space.Compact>
  );
}
