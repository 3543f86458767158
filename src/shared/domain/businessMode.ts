/**
 * Business modes and sheet pos types (SPEC section 4). Modes: all 0,
 * takeout 1, dine-in 2; the chosen mode is stored, default '0'.
 */
export const BusinessMode = { all: '0', takeout: '1', dineIn: '2' } as const;
export type BusinessModeValue = (typeof BusinessMode)[keyof typeof BusinessMode];

export const SheetPosType = { meal: 2, fast: 4, takeout: 7 } as const;

/** Takeout mode gives 7; otherwise the outlet's CYType '1' gives fast 4, else meal 2. */
export function sheetPosType(mode: string, cyType: string): number {
  if (mode === BusinessMode.takeout) return SheetPosType.takeout;
  return cyType === '1' ? SheetPosType.fast : SheetPosType.meal;
}

/** The modes an outlet offers a customer to choose between. */
export function modesOffered(outletMode: string): BusinessModeValue[] {
  if (outletMode === BusinessMode.takeout) return [BusinessMode.takeout];
  if (outletMode === BusinessMode.dineIn) return [BusinessMode.dineIn];
  return [BusinessMode.dineIn, BusinessMode.takeout];
}

/** The mode to use: the stored one when the outlet offers it, else the outlet's first. */
export function effectiveMode(stored: string, outletMode: string, atTable: boolean): BusinessModeValue {
  const offered = modesOffered(outletMode);
  if ((offered as string[]).includes(stored)) return stored as BusinessModeValue;
  if (atTable && offered.includes(BusinessMode.dineIn)) return BusinessMode.dineIn;
  return offered[0]!;
}

/**
 * Whether goods of a class offered for `classMode` ('0' all, '1' takeout
 * only, '2' dine-in only; the goods class's BusinessMode) are offered to a
 * customer ordering in `mode` (issue 23: the takeaway extras, a plastic bag
 * and cutlery, are not offered to a diner at a table). A customer who has
 * not chosen ('0') is offered everything.
 */
export function classOffered(classMode: string, mode: string): boolean {
  if (classMode !== BusinessMode.takeout && classMode !== BusinessMode.dineIn) return true;
  if (mode !== BusinessMode.takeout && mode !== BusinessMode.dineIn) return true;
  return classMode === mode;
}
