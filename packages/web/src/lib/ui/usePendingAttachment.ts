import { useState } from 'react';

/**
 * The state behind an `AttachmentField`: the picked file (checked by `check`, whose answer is the
 * field's error), the stored name (`stored`: the record's, null once removed) and the error.
 */
export function usePendingAttachment(stored: string | null | undefined, check?: (file: File) => string | undefined) {
  const [file, setFile] = useState<File | null>(null);
  const [storedName, setStoredName] = useState(stored ?? null);
  const [error, setError] = useState<string>();
  return {
    /** What the field takes: the name shown, the error, picking and removing. */
    field: {
      name: file?.name ?? storedName,
      error,
      onPick: (picked: File) => {
        const problem = check?.(picked);
        if (problem) return setError(problem);
        setError(undefined);
        setFile(picked);
      },
      onRemove: () => {
        setFile(null);
        setStoredName(null);
        setError(undefined);
      },
    },
    setError,
    /**
     * After the record is saved: uploads the picked file (it becomes the stored one), or removes
     * the stored file the user took off; nothing when neither changed.
     */
    async save(upload: (file: File) => Promise<unknown>, remove: () => Promise<unknown>) {
      if (file) {
        await upload(file);
        setFile(null);
        setStoredName(file.name);
      } else if (stored && !storedName) {
        await remove();
      }
    },
  };
}
