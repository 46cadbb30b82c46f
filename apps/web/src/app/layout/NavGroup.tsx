import { NavLink, type NavLinkProps } from '@mantine/core';
import { useState } from 'react';

type NavGroupProps = Omit<NavLinkProps, 'opened' | 'onChange'> & { defaultOpened: boolean };

/**
 * A side bar entry that opens and closes the links below it. Mantine's NavLink renders a group as an <a>
 * without href: the keyboard never reaches it and a screen reader hears plain text. Here it is a button that
 * says whether it is open; Enter and Space toggle it like a click.
 */
export function NavGroup({ defaultOpened, ...props }: NavGroupProps) {
  const [opened, setOpened] = useState(defaultOpened);
  return (
    <NavLink
      component="button"
      type="button"
      aria-expanded={opened}
      opened={opened}
      onChange={setOpened}
      {...props}
    />
  );
}
