import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { FormCard } from '#web/components/form-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TitledDialog } from '#web/components/ui/dialog.tsx';
import { CreateAdminForm } from './create-admin-form.tsx';

/**
 * D8, decision 057: once an admin exists, only a signed-in admin adds another, here in Settings;
 * the public first-run page is only for the first one. The new admin signs in on their own.
 */
export function AdminsCard() {
  const [open, setOpen] = useState(false);
  return (
    <FormCard title="Admins" description="Give someone else an admin account of their own.">
      <TitledDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button variant="outline">
            <UserPlus aria-hidden="true" className="size-4" />
            Add an admin
          </Button>
        }
        title="Add an admin"
        description="They sign in at Admin Login with this email and password. Give them the password in person or another safe way; they can change it in their own Settings."
      >
        <CreateAdminForm onCreated={() => setOpen(false)} />
      </TitledDialog>
    </FormCard>
  );
}
