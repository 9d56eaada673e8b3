import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether an item is being edited in place, and its Edit button: when the form closes (saved or
 * cancelled) focus goes back to that button, so a keyboard user carries on where they were.
 */
export function useEditToggle() {
  const [editing, setEditing] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closedByForm = useRef(false);
  useEffect(() => {
    if (!editing && closedByForm.current) {
      closedByForm.current = false;
      buttonRef.current?.focus();
    }
  }, [editing]);
  const open = useCallback(() => setEditing(true), []);
  const close = useCallback(() => {
    closedByForm.current = true;
    setEditing(false);
  }, []);
  return { editing, open, close, buttonRef };
}

export type EditToggle = ReturnType<typeof useEditToggle>;
