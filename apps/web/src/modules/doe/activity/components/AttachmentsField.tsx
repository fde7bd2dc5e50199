import { useState } from 'react';
import type { UploadResult } from '@breedwise/contracts/common';
import { FileUploader } from '../../../../components/upload';

/**
 * The attachments of a record as a form field: the value is the file ids the contract takes; the
 * uploader shows those files, named from the record (`known`) or from their upload here.
 */
export function AttachmentsField({
  value = [],
  onChange,
  known = [],
}: {
  value?: string[];
  onChange?(ids: string[]): void;
  known?: { fileId: string; fileName: string; fileUrl: string }[];
}) {
  const [uploaded, setUploaded] = useState<UploadResult[]>([]);
  const files = value.flatMap((id): UploadResult[] => {
    const mine = uploaded.find((f) => f.fileId === id);
    if (mine) return [mine];
    const k = known.find((f) => f.fileId === id);
    return k ? [{ fileId: k.fileId, fileName: k.fileName, src: k.fileUrl, size: 0, contentType: '' }] : [];
  });
  return (
    <FileUploader
      kind="any"
      businessType="doe.activity"
      maxCount={20}
      value={files}
      onChange={(next) => {
        setUploaded((u) => [...u, ...next.filter((f) => !u.some((x) => x.fileId === f.fileId))]);
        onChange?.(next.map((f) => f.fileId));
      }}
    />
  );
}
