import { useState } from 'react';

/**
 * A menu whose code loads on its first opening. Until then its trigger is a plain button whose
 * click asks for the code and opens the menu; after that the menu's own trigger takes over.
 */
export function useLazyMenu() {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const firstClick = wanted
    ? undefined
    : () => {
        setWanted(true);
        setOpen(true);
      };
  return { wanted, open, onOpenChange: setOpen, firstClick };
}
