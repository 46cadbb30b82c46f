import type { MyInfo } from '@pet/shared';
import type { DashboardCard } from '@pet/shared/brands';
import { type PetSection, paths, petPath } from '@pet/shared/paths';
import {
  IconAmbulance,
  IconCalendarEvent,
  IconFolder,
  IconMicroscope,
  IconPaw,
  IconStethoscope,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

const PET_CARDS: Partial<Record<DashboardCard, PetSection>> = {
  contacts: 'contacts',
  'medical-data': 'medical-data',
  'vet-findings': 'vet-findings',
  'document-safe': 'document-safe',
};

export const CARD_ICONS: Record<DashboardCard, Icon> = {
  'my-pets': IconPaw,
  contacts: IconUsers,
  'medical-data': IconStethoscope,
  'vet-findings': IconMicroscope,
  'document-safe': IconFolder,
  events: IconCalendarEvent,
  emergency: IconAmbulance,
  'my-account': IconUserCircle,
};

/** Where a card leads. Per-pet cards open the first pet's page, or the pet list when there is none yet. */
export function cardTarget(card: DashboardCard, pets: MyInfo['pets']): string {
  const section = PET_CARDS[card];
  if (section) {
    const first = pets[0];
    return first ? petPath(first, section) : paths.myPets;
  }
  switch (card) {
    case 'events':
      return paths.myAppointments;
    case 'emergency':
      return paths.emergencyData;
    case 'my-account':
      return paths.profile;
    default:
      return paths.myPets;
  }
}
