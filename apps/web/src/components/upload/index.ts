export { FileUploader, type FileUploaderProps } from './FileUploader';
export { ResumableUploader, type ResumableUploaderProps } from './ResumableUploader';
export { isImageFile, isXlsx, overLimit, withinSize } from './upload-rules';
