import { communityEditMessages } from '@btcp/shared/community-edits';
import { Pencil } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import type { EditToggle } from '../hooks/use-edit-toggle.ts';

/** "Edit" for the author's own post or comment, named for what it edits; gone while editing. */
export function EditButton({ label, editor }: { label: string; editor: EditToggle }) {
  if (editor.editing) return null;
  return (
    <Button
      ref={editor.buttonRef}
      variant="ghost"
      size="sm"
      aria-label={label}
      className="text-muted-foreground"
      onClick={editor.open}
    >
      <Pencil aria-hidden="true" className="size-4" />
      {communityEditMessages.edit}
    </Button>
  );
}
