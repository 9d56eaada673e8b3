import { MEDIA_ACCEPT } from '@btcp/shared/media';
import { Loader2, X } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import type { Cover } from '../hooks/use-cover-upload.ts';

interface CoverImageFieldProps {
  cover: Cover | null;
  uploading: boolean;
  error?: string;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** An optional cover image; the preview is capped at about 300 px high. */
export function CoverImageField({
  cover,
  uploading,
  error,
  onPick,
  onRemove,
}: CoverImageFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="grid gap-3">
      <FormField
        label="Cover image"
        hint="Optional. JPEG, PNG, WebP or GIF, up to 5MB."
        error={error}
      >
        {(props) => (
          <Input
            {...props}
            ref={input}
            type="file"
            accept={MEDIA_ACCEPT}
            disabled={uploading}
            className={cn(
              'h-auto cursor-pointer py-1.5 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-foreground',
              // The input is emptied after each pick, so beside a shown cover the browser would
              // say "No file chosen": that text is hidden, the button stays.
              cover && 'text-transparent',
            )}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Emptied at once, so picking the same file again (after a failure) is a change too.
              event.target.value = '';
              if (file) onPick(file);
            }}
          />
        )}
      </FormField>
      <p
        role="status"
        className="flex items-center gap-2 text-sm text-muted-foreground empty:hidden"
      >
        {uploading ? (
          <>
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            Uploading image...
          </>
        ) : null}
      </p>
      {cover ? (
        <div className="grid justify-items-start gap-3">
          <img
            src={cover.url}
            alt="Cover preview"
            className="max-h-[300px] w-auto max-w-full rounded-lg border border-border bg-muted object-contain"
          />
          <Button
            variant="outline"
            size="sm"
            disabled={uploading}
            onClick={() => {
              onRemove();
              input.current?.focus();
            }}
          >
            <X aria-hidden="true" className="size-4" />
            Remove cover
          </Button>
        </div>
      ) : null}
    </div>
  );
}
