import type { CustomerAbility } from '@shop/domain';
import type { TranslationKey } from '../../../i18n/keys';

/**
 * The profile area's pages (SPEC §2 profile children), in menu order; '' is the profile home. A page
 * with an ability is listed only for the roles that have it (issue 19).
 */
export const PROFILE_NAV: ReadonlyArray<{
  path: string;
  labelKey: TranslationKey;
  ability?: CustomerAbility;
}> = [
  { path: '', labelKey: 'titles.profile.home' },
  { path: 'orders', labelKey: 'titles.profile.orders' },
  { path: 'approvals', labelKey: 'titles.profile.approvals', ability: 'approve' },
  { path: 'order-rows', labelKey: 'titles.profile.orderRows' },
  { path: 'on-shipping-rows', labelKey: 'titles.profile.onShippingRows' },
  { path: 'backorder', labelKey: 'titles.profile.backorder' },
  { path: 'delivery-notes', labelKey: 'titles.profile.deliveryNotes' },
  { path: 'delivery-notes-downloads', labelKey: 'titles.profile.deliveryNotesDownloads' },
  { path: 'invoices-downloads', labelKey: 'titles.profile.invoicesDownloads' },
  { path: 'addresses', labelKey: 'titles.profile.addresses' },
  { path: 'coupons', labelKey: 'titles.profile.coupons' },
  { path: 'lists', labelKey: 'titles.profile.lists' },
  { path: 'team', labelKey: 'titles.profile.team', ability: 'manage' },
];
