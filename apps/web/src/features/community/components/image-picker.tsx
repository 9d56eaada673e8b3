import { checkImageFile, MEDIA_ACCEPT, mediaMessages } from '@btcp/shared/media';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/lib/toast.ts';

interface ImagePickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * An optional image with a preview: only images, at most 5MB, said with the product's words
 * before anything is sent; the server checks the bytes again (D14).
 */
export function ImagePicker({ file, onChange, disabled }: ImagePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = usePreviewUrl(file);

  const clear = () => {
    if (input.current) input.current.value = '';
    onChange(null);
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Image (optional)</Label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={MEDIA_ACCEPT}
        disabled={disabled}
        onChange={(event) => {
          const picked = event.target.files?.[0] ?? null;
          const problem = picked ? checkImageFile(picked) : null;
          if (problem === 'type') {
            toast.error(mediaMessages.invalidType, {
              description: mediaMessages.invalidTypeDescription,
            });
          } else if (problem === 'size') {
            toast.error(mediaMessages.fileTooLarge, {
              description: mediaMessages.fileTooLargeDescription,
            });
          }
          if (problem) clear();
          else onChange(picked);
        }}
        className="block w-full text-sm text-muted-foreground file:mr-3 file:rounded-md file:border file:border-border file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-foreground hover:file:bg-muted/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
      {file && preview ? (
        <div className="relative overflow-hidden rounded-lg border border-border bg-muted">
          <img
            src={preview}
            alt={`Preview of ${file.name}`}
            className="max-h-56 w-full object-contain"
          />
          <button
            type="button"
            aria-label="Remove image"
            disabled={disabled}
            onClick={() => {
              clear();
              // The button goes away with the image; focus stays in the form, on the file input.
              input.current?.focus();
            }}
            className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-full bg-background/90 text-foreground shadow-sm transition-colors hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
