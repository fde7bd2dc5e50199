export { ImportButton, type ImportButtonProps } from './ImportButton';
export { ExportButton, type ExportButtonProps } from './ExportButton';
