import type { LucideIcon } from 'lucide-react';
import { MoreHorizontal } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Fragment, type Ref } from 'react';
import { Button } from './button.tsx';

export interface MenuAction {
  key: string;
  label: string;
  icon: LucideIcon;
  onSelect?: () => void;
  disabled?: boolean;
  /** Red, for what cannot be undone or takes something away. */
  destructive?: boolean;
  /** A page to open in a new tab instead of an action. */
  href?: string;
}

interface ActionsMenuProps {
  /** The trigger's accessible name, e.g. 'Actions: <title>'. */
  label: string;
  /** The items, in groups that a line separates. */
  groups: readonly (readonly MenuAction[])[];
  /** The trigger, for the dialogs the items open to give focus back to. */
  triggerRef: Ref<HTMLButtonElement>;
  /** The menu's minimum width. */
  minWidth?: 'min-w-40' | 'min-w-44';
}

const itemClass =
  'flex h-9 cursor-default items-center gap-2 rounded-sm px-2 text-sm outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted data-[highlighted]:text-foreground [&_svg]:size-4 [&_svg]:shrink-0';
const destructiveClass = `${itemClass} text-destructive data-[highlighted]:text-destructive`;

function MenuItem({ action }: { action: MenuAction }) {
  const { label, icon: Icon, href } = action;
  const className = action.destructive ? destructiveClass : itemClass;
  if (href) {
    return (
      <DropdownMenu.Item asChild className={className}>
        <a href={href} target="_blank" rel="noopener noreferrer">
          <Icon aria-hidden="true" />
          {label}
        </a>
      </DropdownMenu.Item>
    );
  }
  return (
    <DropdownMenu.Item className={className} disabled={action.disabled} onSelect={action.onSelect}>
      <Icon aria-hidden="true" />
      {label}
    </DropdownMenu.Item>
  );
}

/** A table row's "…" button and the menu of what can be done to the row. */
export function ActionsMenu({
  label,
  groups,
  triggerRef,
  minWidth = 'min-w-40',
}: ActionsMenuProps) {
  return (
    // Not modal: a confirm dialog opens from the menu and must own focus and pointer alone.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button ref={triggerRef} variant="ghost" size="icon" aria-label={label}>
          <MoreHorizontal aria-hidden="true" className="size-5" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className={`z-50 ${minWidth} rounded-md border border-border bg-card p-1 text-card-foreground shadow-md`}
        >
          {groups.map((group, index) => (
            <Fragment key={group[0]?.key ?? index}>
              {index > 0 ? <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" /> : null}
              {group.map((action) => (
                <MenuItem key={action.key} action={action} />
              ))}
            </Fragment>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
