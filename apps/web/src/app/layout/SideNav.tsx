import { Box, Divider, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import type { MyInfo } from '@pet/shared';
import { type PetSection, paths, petPath } from '@pet/shared/paths';
import {
  IconAmbulance,
  IconCalendarEvent,
  IconCreditCard,
  IconFileInvoice,
  IconFolder,
  IconHome2,
  IconKey,
  IconLock,
  IconMicroscope,
  IconPackage,
  IconPaw,
  IconSettings,
  IconStethoscope,
  IconUserCircle,
  IconUserSquareRounded,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PetRoleBadge } from '../../components/PetRoleBadge.tsx';
import { useBrand, useBrandTextContext } from '../../config/brand.tsx';
import type { NavKey } from '../crumbs.ts';
import { NavGroup } from './NavGroup.tsx';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

const PET_LINKS: ReadonlyArray<{ section: PetSection; label: NavKey; icon: Icon }> = [
  { section: 'my-pet', label: 'myPet', icon: IconPaw },
  { section: 'medical-data', label: 'medicalData', icon: IconStethoscope },
  { section: 'document-safe', label: 'documentSafe', icon: IconFolder },
  { section: 'contacts', label: 'contacts', icon: IconUsers },
  { section: 'vet-findings', label: 'vetFindings', icon: IconMicroscope },
];

function isWithin(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The side bar: main pages, one group per pet, and the account group (spec 1 section 2, Layout). */
export function SideNav({ me }: { me: MyInfo }) {
  const { t } = useTranslation();
  const { t: petsT } = useTranslation('pets');
  const brand = useBrand();
  const wording = useBrandTextContext();
  const { pathname } = useLocation();

  const accountLinks: Array<{ to: string; label: NavKey; icon: Icon }> = [
    { to: paths.profile, label: 'profile', icon: IconUserSquareRounded },
    { to: paths.settings, label: 'settings', icon: IconSettings },
    { to: paths.subscription, label: 'subscription', icon: IconPackage },
    ...(brand.menu.bills ? [{ to: paths.bills, label: 'bills' as const, icon: IconFileInvoice }] : []),
    ...(brand.menu.updatePayment
      ? [{ to: paths.updatePayment, label: 'updatePayment' as const, icon: IconCreditCard }]
      : []),
    { to: paths.activateProduct, label: 'activateProduct', icon: IconKey },
    { to: paths.changePassword, label: 'changePassword', icon: IconLock },
  ];
  // Settings sits below Profile in the url; only the deepest match is highlighted.
  const activeAccountLink = accountLinks
    .filter((link) => isWithin(pathname, link.to))
    .sort((a, b) => b.to.length - a.to.length)[0]?.to;

  return (
    <ScrollArea type="scroll" style={{ flex: 1 }} p="sm">
      <div>
        <NavLink
          component={Link}
          to={paths.dashboard}
          label={t('nav.home')}
          leftSection={<IconHome2 size={20} stroke={1.6} />}
          active={pathname === paths.home || pathname === paths.dashboard}
        />
        <NavLink
          component={Link}
          to={paths.myAppointments}
          label={t('nav.events')}
          leftSection={<IconCalendarEvent size={20} stroke={1.6} />}
          active={isWithin(pathname, paths.myAppointments)}
        />
        <NavLink
          component={Link}
          to={paths.emergencyData}
          label={t('nav.emergency')}
          leftSection={<IconAmbulance size={20} stroke={1.6} />}
          active={isWithin(pathname, paths.emergencyData)}
        />

        {me.pets.length > 0 ? (
          <>
            <Divider my="sm" />
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
              {t('layout.petsHeading', wording)}
            </Text>
            {me.pets.map((pet) => {
              const base = petPath(pet);
              const shared = pet.role === 'co-owner' || pet.role === 'sitter';
              return (
                <NavGroup
                  key={pet.id}
                  label={
                    shared ? (
                      <Group gap={6} wrap="nowrap" component="span">
                        <span>{pet.name}</span>
                        <PetRoleBadge role={pet.role} withOwner={false} />
                      </Group>
                    ) : (
                      pet.name
                    )
                  }
                  description={
                    shared && pet.owner_name ? petsT('role.from', { name: pet.owner_name }) : undefined
                  }
                  leftSection={<IconPaw size={20} stroke={1.6} />}
                  defaultOpened={isWithin(pathname, base)}
                  childrenOffset={26}
                >
                  {PET_LINKS.map(({ section, label, icon: LinkIcon }) => {
                    // A sitter cannot edit the profile: "My pet" opens the pet's page instead.
                    const to = section === 'my-pet' && pet.role === 'sitter' ? base : petPath(pet, section);
                    return (
                      <NavLink
                        key={section}
                        component={Link}
                        to={to}
                        label={t(`nav.${label}`, wording)}
                        leftSection={<LinkIcon size={18} stroke={1.6} />}
                        active={to === base ? pathname === base : isWithin(pathname, to)}
                      />
                    );
                  })}
                </NavGroup>
              );
            })}
          </>
        ) : null}

        <Divider my="sm" />
        <NavGroup
          label={t('nav.myAccount')}
          leftSection={<IconUserCircle size={20} stroke={1.6} />}
          defaultOpened={isWithin(pathname, paths.myAccount)}
          childrenOffset={26}
        >
          {accountLinks.map(({ to, label, icon: LinkIcon }) => (
            <NavLink
              key={to}
              component={Link}
              to={to}
              label={t(`nav.${label}`)}
              leftSection={<LinkIcon size={18} stroke={1.6} />}
              active={activeAccountLink === to}
            />
          ))}
        </NavGroup>
        <Box h="md" />
      </div>
    </ScrollArea>
  );
}
