import {
  IconArrowBackUp,
  IconBuildingWarehouse,
  IconCalendarDollar,
  IconCategory,
  IconCategory2,
  IconChecklist,
  IconCurrencyEuro,
  IconDiscount2,
  IconFileCode,
  IconHistory,
  IconPackage,
  IconPercentage,
  type IconProps,
  IconReceipt,
  IconReportMoney,
  IconRuler2,
  IconSettings,
  IconShoppingCartPlus,
  IconSpeakerphone,
  IconTags,
  IconTicket,
  IconTransfer,
  IconTruckDelivery,
  IconUserCheck,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { TranslationKey } from '../../../i18n/keys';

export interface BackofficeNavItem {
  path: string;
  labelKey: TranslationKey;
  icon: ComponentType<IconProps>;
}

export interface BackofficeNavGroup {
  labelKey: TranslationKey;
  items: BackofficeNavItem[];
}

/** SPEC §2 back-office sidebar: groups products, customers, orders, general. */
export const BACKOFFICE_NAV: BackofficeNavGroup[] = [
  {
    labelKey: 'backoffice.groups.products',
    items: [
      { path: 'products', labelKey: 'backoffice.pages.products', icon: IconPackage },
      { path: 'categories', labelKey: 'backoffice.pages.categories', icon: IconCategory },
      { path: 'subcategories', labelKey: 'backoffice.pages.subcategories', icon: IconCategory2 },
      { path: 'brands', labelKey: 'backoffice.pages.brands', icon: IconTags },
      { path: 'uoms', labelKey: 'backoffice.pages.uoms', icon: IconRuler2 },
      { path: 'warehouses', labelKey: 'backoffice.pages.warehouses', icon: IconBuildingWarehouse },
      {
        path: 'warehouse-transactions',
        labelKey: 'backoffice.pages.warehouseTransactions',
        icon: IconTransfer,
      },
    ],
  },
  {
    labelKey: 'backoffice.groups.customers',
    items: [
      { path: 'customers', labelKey: 'backoffice.pages.customers', icon: IconUsers },
      { path: 'customer-groups', labelKey: 'backoffice.pages.customerGroups', icon: IconUsersGroup },
      { path: 'payment-terms', labelKey: 'bo.pages.paymentTerms', icon: IconCalendarDollar },
      { path: 'account-approvals', labelKey: 'bo.pages.accountApprovals', icon: IconUserCheck },
    ],
  },
  {
    labelKey: 'backoffice.groups.orders',
    items: [
      { path: 'orders', labelKey: 'backoffice.pages.orders', icon: IconReceipt },
      { path: 'returns', labelKey: 'bo.pages.returns', icon: IconArrowBackUp },
      { path: 'approvals', labelKey: 'bo.pages.approvals', icon: IconChecklist },
      { path: 'e-invoices', labelKey: 'bo.pages.eInvoices', icon: IconFileCode },
      { path: 'discount-rules', labelKey: 'backoffice.pages.discountRules', icon: IconDiscount2 },
      { path: 'campaigns', labelKey: 'backoffice.pages.campaigns', icon: IconSpeakerphone },
      { path: 'coupons', labelKey: 'bo.pages.coupons', icon: IconTicket },
      { path: 'price-lists', labelKey: 'bo.pages.priceLists', icon: IconReportMoney },
      { path: 'cart', labelKey: 'backoffice.pages.cart', icon: IconShoppingCartPlus },
    ],
  },
  {
    labelKey: 'backoffice.groups.general',
    items: [
      { path: 'settings', labelKey: 'bo.pages.settings', icon: IconSettings },
      { path: 'shipping-methods', labelKey: 'backoffice.pages.shippingMethods', icon: IconTruckDelivery },
      { path: 'vats', labelKey: 'bo.pages.vats', icon: IconPercentage },
      { path: 'currencies', labelKey: 'bo.pages.currencies', icon: IconCurrencyEuro },
      { path: 'audit-log', labelKey: 'bo.pages.auditLog', icon: IconHistory },
      { path: 'staff', labelKey: 'bo.pages.staff', icon: IconUserShield },
    ],
  },
];
