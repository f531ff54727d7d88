import type { CategoryCode } from '@shop/domain';
import {
  IconBook2,
  IconDeviceSpeaker,
  IconDisc,
  IconMovie,
  type IconProps,
  IconShirt,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

const ICONS: Record<CategoryCode, ComponentType<IconProps>> = {
  MUSICA: IconDisc,
  HOME_VIDEO: IconMovie,
  HI_FI: IconDeviceSpeaker,
  MERCHANDISE: IconShirt,
  EDITORIA: IconBook2,
};

/** The pictogram of one of the five catalogue areas. */
export function CategoryIcon({ code, ...props }: IconProps & { code: CategoryCode }) {
  const Icon = ICONS[code];
  return <Icon aria-hidden {...props} />;
}
