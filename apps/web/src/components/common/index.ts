export { FullscreenModal } from './FullscreenModal';
export { RemoteSelect, TableSelect, type RemoteOption } from './RemoteSelect';
export { DictTag, useDict } from './DictTag';
export { Trend, trendState } from './Trend';
export { RelativeTime } from './RelativeTime';
export { relativeTime } from './relative-time';
export { PageWatermark } from './Watermark';
export { QrCode } from './QrCode';
export { PALETTE, themeShades } from './palette';
