/**
 * The staff program's router: one section per hash path (#/kitchen,
 * #/sold-out, #/member), so a screen can be opened on its section and the
 * browser's back button goes back a section. Hash routing as the app's, with
 * no router library: the kitchen's first load stays small.
 */
import { useCallback, useEffect, useState } from 'react';
import { STAFF_SECTION_IDS, type StaffSectionId } from '../../shared/protocol/staffSections';

/** The sections and who may use each: src/shared/protocol/staffSections.ts. */
export type SectionId = StaffSectionId;

/** Each section's path, in the order the navigation shows them. */
export const SECTION_PATHS: Readonly<Record<SectionId, string>> = {
  kitchen: '/kitchen',
  soldOut: '/sold-out',
  member: '/member',
  menu: '/menu',
  outlets: '/outlets',
  printers: '/printers',
  // The ready board's links (issue 26 section 4).
  boards: '/boards',
  accounts: '/accounts',
  // The back office (issue 27).
  loyalty: '/loyalty',
  reports: '/reports',
};
export const SECTION_IDS: readonly SectionId[] = STAFF_SECTION_IDS;
/** Where a signed-in screen opens, and where an unknown path leads. */
export const HOME_SECTION: SectionId = 'kitchen';

/** The section a location hash names (#/sold-out), or the home section. */
export function sectionOf(hash: string): SectionId {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  return SECTION_IDS.find((id) => SECTION_PATHS[id] === path) ?? HOME_SECTION;
}

export function hrefOf(section: SectionId): string {
  return `#${SECTION_PATHS[section]}`;
}

/** The current section and a way to go to another (a new history entry). */
export function useSection(): [SectionId, (section: SectionId) => void] {
  const [section, setSection] = useState(() => sectionOf(window.location.hash));
  useEffect(() => {
    const follow = () => setSection(sectionOf(window.location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const go = useCallback((next: SectionId) => {
    if (window.location.hash !== hrefOf(next)) window.location.hash = hrefOf(next);
    setSection(next);
  }, []);
  return [section, go];
}
