import { QRCode } from 'antd';

/** Spec section 9 defaults: size 100, error correction M (level 2), logo 30, padding 5. */
export function QrCode({ value, size = 100, logo, logoSize = 30 }: { value: string; size?: number; logo?: string; logoSize?: number }) {
  return <QRCode value={value} size={size} errorLevel="M" icon={logo} iconSize={logoSize} bordered={false} style={{ padding: 5 }} />;
}
