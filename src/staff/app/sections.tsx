/**
 * The staff program's sections, each its own chunk loaded when first shown
 * (the counter, the ready board and the back office join here). The kitchen
 * stays mounted once shown (its stream, its new-order sound) while another
 * section is in front.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import type { SectionId } from './router';
import type { SectionProps } from './sectionProps';

const m = defineMessages({
  kitchen: { id: 'staff.tab.orders', defaultMessage: 'Orders' },
  soldOut: { id: 'staff.tab.soldOut', defaultMessage: 'Sold out' },
  member: { id: 'staff.tab.member', defaultMessage: 'Member' },
  printers: { id: 'staff.tab.printers', defaultMessage: 'Printers' },
  accounts: { id: 'staff.tab.accounts', defaultMessage: 'Staff' },
  menu: { id: 'staff.tab.menu', defaultMessage: 'Menu' },
  outlets: { id: 'staff.tab.outlets', defaultMessage: 'Outlets' },
  loyalty: { id: 'staff.tab.loyalty', defaultMessage: 'Loyalty' },
  reports: { id: 'staff.tab.reports', defaultMessage: 'Reports' },
});

export interface Section {
  title: MessageDescriptor;
  Component: LazyExoticComponent<ComponentType<SectionProps>>;
  /** Kept mounted (hidden) when another section is shown. */
  keepMounted?: boolean;
}

export const SECTIONS: Readonly<Record<SectionId, Section>> = {
  kitchen: { title: m.kitchen, keepMounted: true, Component: lazy(() => import(/* webpackChunkName: "kitchen" */ '../kitchen/KitchenSection')) },
  soldOut: { title: m.soldOut, Component: lazy(() => import(/* webpackChunkName: "sold-out" */ '../soldOut/SoldOutSection')) },
  member: { title: m.member, Component: lazy(() => import(/* webpackChunkName: "member" */ '../member/MemberSection')) },
  printers: { title: m.printers, Component: lazy(() => import(/* webpackChunkName: "printers" */ '../printers/PrintersSection')) },
  accounts: { title: m.accounts, Component: lazy(() => import(/* webpackChunkName: "accounts" */ '../accounts/AccountsSection')) },
  // The back office's menu (issue 27 section 1).
  menu: { title: m.menu, Component: lazy(() => import(/* webpackChunkName: "back-office-menu" */ '../backOffice/menu/MenuSection')) },
  // The back office (issue 27 section 2): owners and managers (the service refuses the others).
  outlets: { title: m.outlets, Component: lazy(() => import(/* webpackChunkName: "back-office-outlets" */ '../backOffice/outlets/OutletsSection')) },
  loyalty: { title: m.loyalty, Component: lazy(() => import(/* webpackChunkName: "bo-loyalty" */ '../backOffice/loyalty/LoyaltySection')) },
  reports: { title: m.reports, Component: lazy(() => import(/* webpackChunkName: "bo-reports" */ '../backOffice/reports/ReportsSection')) },
};
