import { isPredefinedContactType, type PredefinedContactType } from '@pet/shared';
import {
  IconAddressBook,
  IconHeartHandshake,
  IconHome,
  IconPaw,
  IconSchool,
  IconScissors,
  IconStethoscope,
  IconUser,
} from '@tabler/icons-react';

const ICONS: Record<PredefinedContactType, typeof IconUser> = {
  Holder: IconUser,
  Vet: IconStethoscope,
  Breeder: IconPaw,
  Groomer: IconScissors,
  CareTaker: IconHeartHandshake,
  Kennel: IconHome,
  Trainer: IconSchool,
};

/** The icon in front of a type's accordion; the user's own types share one. */
export function ContactTypeIcon({ type }: { type: string }) {
  const Icon = isPredefinedContactType(type) ? ICONS[type] : IconAddressBook;
  return <Icon size={20} stroke={1.6} aria-hidden />;
}
